/**
 * The formatter set every package shares (engine, API and web), exposed as `@cairn/engine/format`.
 * Only dependency-free modules belong here (a dependency rule checks it), so that the web can
 * import them without pulling in the engine. Local time needs the time-zone code and stays engine-only.
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
  clockFieldsIn,
} from './clock.ts';
export type { ClockFields } from './clock.ts';
export { directionPieces, directionText, directionHtml } from './directions.ts';
export type { DirectionPiece } from './directions.ts';
