import type { TextValue } from '@cairn/contracts';

import { minutesOfDay } from './clock.ts';

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

/**
 * Seconds between the clock minutes two instants show. Clock times drop their seconds ('HH:mm'), so
 * 09:02:50–09:31:10 reads 09:02–09:31: 29 minutes, though 28 min 20 s pass. Flooring the epoch
 * equals flooring the local clock because every zone's UTC offset is a whole number of minutes.
 */
function clockSpanSec(startSec: number, endSec: number): number {
  return Math.max(0, Math.floor(endSec / 60) - Math.floor(startSec / 60)) * 60;
}

/**
 * The duration shown beside two clock times: its text is the difference of those times (the one
 * rule for every card, summary, step and print), its value the exact seconds, for machines.
 */
export function clockDurationTextValue(startSec: number, endSec: number): TextValue {
  return {
    text: formatDuration(clockSpanSec(startSec, endSec)),
    value: Math.max(0, Math.round(endSec - startSec)),
  };
}

/** Seconds from one 'HH:mm' to the next 'HH:mm' (past midnight when `to` is earlier): a span under a day. */
export function clockTextSpanSec(from: string, to: string): number {
  return ((((minutesOfDay(to) - minutesOfDay(from)) % 1440) + 1440) % 1440) * 60;
}
