import type { TextValue } from '@cairn/contracts';

/** Human duration text as the product shows it: '45 mins', '1 hr', '1 hr 5 mins', '2 hrs 1 min'. */
export function formatDuration(durationSec: number): string {
  const totalMin = Math.max(0, Math.round(durationSec / 60));
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  const hours = h === 0 ? '' : `${h} ${h === 1 ? 'hr' : 'hrs'}`;
  const mins = m === 0 && h > 0 ? '' : `${m} ${m === 1 ? 'min' : 'mins'}`;
  return [hours, mins].filter((s) => s !== '').join(' ');
}

/** A duration as the wire's text + value (seconds) pair. */
export function durationTextValue(durationSec: number): TextValue {
  const value = Math.max(0, Math.round(durationSec));
  return { text: formatDuration(value), value };
}
