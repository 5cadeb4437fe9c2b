// Feature under test: the shared formatter set (duration, distance, money, carbon, elevation, HTML
// escaping and local time) that the engine, the API and the web all use.
import { describe, expect, it } from 'vitest';
import { BOOKED_TYPES } from '@cairn/contracts';
import type { Leg } from '@cairn/contracts';
import { legChangeCount } from '../../src/format/changes.ts';
import { FlexibleService } from '../../src/region/regionConfig.ts';
import { minutesOfDay, shiftClock } from '../../src/format/clock.ts';
import fc from 'fast-check';
import {
  clockDurationTextValue,
  clockTextSpanSec,
  durationTextValue,
  formatDuration,
} from '../../src/format/duration.ts';
import {
  distanceTextValue,
  formatDistance,
  formatElevation,
  formatMiles,
  formatShortDistance,
  METRES_TO_MILES,
  metresToMiles,
} from '../../src/format/distance.ts';
import { formatCo2 } from '../../src/format/carbon.ts';
import { escapeHtml } from '../../src/format/html.ts';
import * as shared from '../../src/format/index.ts';
import {
  formatDateFields,
  formatSearchDateFields,
  formatSecondsOfDay,
  pad2,
} from '../../src/format/clock.ts';
import { formatMoney, isKnownCurrency } from '../../src/format/money.ts';
import {
  formatLocalDate,
  formatLocalTime,
  formatSearchDate,
  parseSearchDate,
} from '../../src/format/localTime.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 mins'],
    [59, '1 min'],
    [45 * 60, '45 mins'],
    [3600, '1 hr'],
    [3900, '1 hr 5 mins'],
    [2 * 3600 + 60, '2 hrs 1 min'],
  ])('%i s → %s', (sec, text) => expect(formatDuration(sec)).toBe(text));
  it('pairs text with the value in seconds', () =>
    expect(durationTextValue(3900.4)).toEqual({ text: '1 hr 5 mins', value: 3900 }));
});

/** Minutes the zone's clock is ahead of UTC at an instant (mod a day). */
const utcOffsetMin = (zone: string, epochSec: number): number =>
  (((minutesOfDay(formatLocalTime(zone, epochSec)) - (Math.floor(epochSec / 60) % 1440)) % 1440) + 1440) %
  1440;

describe('clockDurationTextValue', () => {
  it('reads 09:02:50–09:31:10 as the 29 minutes between the clock times shown, keeping the exact seconds', () => {
    const at = (h: number, m: number, s: number) => Date.UTC(2026, 11, 1, h, m, s) / 1000;
    expect(clockDurationTextValue(at(9, 2, 50), at(9, 31, 10))).toEqual({ text: '29 mins', value: 1700 });
    expect(clockDurationTextValue(at(11, 0, 10), at(11, 0, 40))).toEqual({ text: '0 mins', value: 30 });
  });
  it('is always the difference of the local clock times shown, in any zone and across clock changes (property)', () => {
    const zones = ['Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1_767_225_600, max: 1_830_297_600 }),
        fc.integer({ min: 0, max: 23 * 3600 }), // under a day: HH:mm cannot show more
        fc.constantFrom(...zones),
        (start, span, zone) => {
          const end = start + span;
          const from = formatLocalTime(zone, start);
          const to = formatLocalTime(zone, end);
          // Across a clock change the clock jumps an hour that did not pass: the shown span is the time that passed.
          fc.pre(utcOffsetMin(zone, start) === utcOffsetMin(zone, end));
          const shownSec = clockTextSpanSec(from, to);
          expect(clockDurationTextValue(start, end).text).toBe(formatDuration(shownSec));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('formatDistance', () => {
  it('uses the SPEC factor 0.00062137', () => {
    expect(METRES_TO_MILES).toBe(0.00062137);
    expect(metresToMiles(1000)).toBeCloseTo(0.62137, 6);
  });
  it('pairs text with the value in whole metres, never negative', () => {
    expect(distanceTextValue(400.4)).toEqual({ text: '0.25 miles', value: 400 });
    expect(distanceTextValue(-5)).toEqual({ text: '0.00 miles', value: 0 });
  });
  it.each([
    [400, '0.25 miles'],
    [1609.34, '1.0 mile'],
    [5000, '3.1 miles'],
    [40000, '25 miles'],
  ])('%i m → %s', (m, text) => expect(formatDistance(m)).toBe(text));
});

describe('formatMiles (cards)', () => {
  it.each([
    [1609, '1.0 mile'],
    [800, '0.5 miles'],
    [0, '0.0 miles'],
    [40000, '24.9 miles'],
  ])('%i m → %s', (m, text) => expect(formatMiles(m)).toBe(text));
});

describe('formatShortDistance (directions)', () => {
  it.each([
    [1609.344, '1 mile'],
    [5000, '3.1 miles'],
    [160, '0.1 miles'],
    [50, '50 yards'],
    [1, '10 yards'],
  ])('%d m → %s', (m, text) => expect(formatShortDistance(m)).toBe(text));
});

describe('formatElevation', () => {
  it('rounds to whole metres and hides unknown heights', () => {
    expect(formatElevation(312.4)).toBe('312 m');
    expect(formatElevation(null)).toBeNull();
    expect(formatElevation(undefined)).toBeNull();
    expect(formatElevation(Number.NaN)).toBeNull();
  });
});

describe('formatCo2', () => {
  it('writes two decimals below 1 kg and one from 1 kg up', () => {
    expect(formatCo2(0.123)).toBe('0.12 kg CO2e');
    expect(formatCo2(1.26)).toBe('1.3 kg CO2e');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () =>
    expect(escapeHtml(`Fish & Chips <Lane> "Old" Mill's`)).toBe(
      'Fish &amp; Chips &lt;Lane&gt; &quot;Old&quot; Mill&#39;s',
    ));
});

describe('@cairn/engine/format', () => {
  it('exports the set the web and the API use', () => {
    expect(shared.METRES_TO_MILES).toBe(0.00062137);
    expect(shared.formatMiles).toBe(formatMiles);
    expect(shared.formatCo2).toBe(formatCo2);
    expect(shared.formatMoney(1240, 'GBP')).toBe('£12.40');
  });
});

describe('formatMoney', () => {
  it('writes pounds with two decimals and free for zero', () => {
    expect(formatMoney(1240, 'GBP')).toBe('£12.40');
    expect(formatMoney(5, 'GBP')).toBe('£0.05');
    expect(formatMoney(123450, 'GBP')).toBe('£1234.50');
    expect(formatMoney(0, 'GBP')).toBe('free');
  });
  it("writes the region's currency with its own symbol and digits (RNV in euros, NYC in dollars)", () => {
    expect(formatMoney(290, 'EUR')).toBe('€2.90');
    expect(formatMoney(290, 'USD')).toBe('$2.90');
    expect(formatMoney(350, 'CHF')).toBe('CHF\u00a03.50');
    expect(formatMoney(21000, 'JPY')).toBe('¥210');
  });
  it('knows ISO 4217 codes and nothing else', () => {
    expect(isKnownCurrency('EUR')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isKnownCurrency('eur')).toBe(false);
  });
});

describe('clock fields', () => {
  it('writes two-digit fields, dates and the search date format', () => {
    expect(pad2(7)).toBe('07');
    expect(pad2(12)).toBe('12');
    expect(formatDateFields({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
    expect(formatSearchDateFields({ year: 2026, month: 6, day: 15, hour: 9, minute: 5, second: 0 })).toBe(
      '2026/06/15 09:05:00',
    );
  });
  it('wraps GTFS times past midnight and before it', () => {
    expect(formatSecondsOfDay(9 * 3600 + 5 * 60 + 59)).toBe('09:05');
    expect(formatSecondsOfDay(25 * 3600 + 30 * 60)).toBe('01:30');
    expect(formatSecondsOfDay(-60)).toBe('23:59');
  });
});

describe('local time in the region zone', () => {
  const tz = 'Europe/London';
  it('formats summer time (BST) and winter time (GMT)', () => {
    expect(formatLocalTime(tz, Date.UTC(2026, 5, 15, 8, 5) / 1000)).toBe('09:05');
    expect(formatLocalTime(tz, Date.UTC(2026, 0, 15, 8, 5) / 1000)).toBe('08:05');
    expect(formatLocalDate(tz, Date.UTC(2026, 5, 15, 23, 30) / 1000)).toBe('2026-06-16');
  });
  it('parses and formats the search date format', () => {
    const sec = parseSearchDate(tz, '2026/06/15 09:00:00');
    expect(sec).toBe(Date.UTC(2026, 5, 15, 8, 0) / 1000);
    expect(formatSearchDate(tz, sec ?? 0)).toBe('2026/06/15 09:00:00');
    expect(parseSearchDate(tz, '2026-06-15 09:00')).toBeUndefined();
    expect(parseSearchDate(tz, '2026/13/15 09:00:00')).toBeUndefined();
  });
});

describe('clock arithmetic', () => {
  it('shifts clock times around midnight both ways', () => {
    expect(shiftClock('23:50', 1200)).toBe('00:10');
    expect(shiftClock('00:05', -600)).toBe('23:55');
    expect(shiftClock('09:05', -30)).toBe('09:04');
  });
});

describe('booked rides', () => {
  it("counts a booked ride of each kind a region's flexible services may be (one list in the contracts) as a ride of a stored journey", () => {
    expect(FlexibleService.shape.kind.options).toEqual([...BOOKED_TYPES]);
    const step = (type: string, stops?: string[]) => ({ type, ...(stops ? { stops } : {}) });
    for (const type of BOOKED_TYPES)
      expect(legChangeCount({ steps: [step(type), step('bus', ['A', 'B'])] } as unknown as Leg)).toBe(1);
    expect(legChangeCount({ steps: [step('taxi'), step('bus', ['A', 'B'])] } as unknown as Leg)).toBe(0);
  });
});
