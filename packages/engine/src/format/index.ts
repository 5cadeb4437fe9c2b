/**
 * The formatter set every package shares (engine, API and web), exposed as `@cairn/engine/format`.
 * Only dependency-free modules belong here (a dependency rule checks it), so that the web can
 * import them without pulling in the engine; the one module from elsewhere is the time module
 * (`time/serviceDay.ts`, which reads a zone's clock and imports nothing). Local time as text
 * (`localTime.ts`) stays engine-only.
 */
export {
  METRES_TO_MILES,
  metresToMiles,
  formatDistance,
  distanceTextValue,
  formatMiles,
  formatShortDistance,
  formatElevation,
} from './distance.ts';
export { formatDuration, durationTextValue, clockTextSpanSec } from './duration.ts';
export { formatMoney } from './money.ts';
export { formatCo2 } from './carbon.ts';
export { legChangeCount, formatChanges } from './changes.ts';
export { escapeHtml } from './html.ts';
export {
  pad2,
  formatSecondsOfDay,
  minutesOfDay,
  shiftClock,
  formatDateFields,
  formatSearchDateFields,
} from './clock.ts';
// The zone's clock is read by the time module (dependency-free, so the browser may share it).
export { clockFieldsIn } from '../time/serviceDay.ts';
export type { ClockFields } from '../time/serviceDay.ts';
export { directionPieces, directionText, directionHtml } from './directions.ts';
export type { DirectionPiece } from './directions.ts';
