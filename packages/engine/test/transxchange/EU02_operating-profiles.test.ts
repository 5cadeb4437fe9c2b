// Feature: TransXChange operating profiles and UK bank holidays, against gov.uk's published holidays and a plain day-by-day evaluator.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateToDayNumber, dayNumberToDate, weekdayOfDayNumber } from '../../src/time/serviceDay.ts';
import {
  expandHolidayName,
  holidaysOfYear,
  listOneOffHolidays,
} from '../../src/transxchange/bankHolidays.ts';
import type { Nation } from '../../src/transxchange/bankHolidays.ts';
import { profileToService } from '../../src/transxchange/operatingProfile.ts';
import type { OperatingProfile, ServicedOrganisation } from '../../src/transxchange/operatingProfile.ts';
import { serviceRuns } from './feedDays.ts';

/** Weekday bank holidays of a year as gov.uk lists them (AllBankHolidays falling Monday to Friday). */
function weekdayHolidays(year: number, nation: Nation): number[] {
  const days = holidaysOfYear(year, nation);
  const out = new Set<number>(listOneOffHolidays(year));
  for (const h of expandHolidayName('AllBankHolidays', nation)) {
    const d = days.get(h);
    if (d !== undefined) out.add(d);
  }
  return [...out]
    .filter((d) => weekdayOfDayNumber(d) < 5)
    .map(dayNumberToDate)
    .sort((a, b) => a - b);
}

describe('U02 UK bank holidays', () => {
  // Source: gov.uk/bank-holidays (2022 and 2023 lists for England and Wales, and for Scotland).
  it('England and Wales 2022 and 2023, with the Jubilee, the State Funeral and the Coronation', () => {
    expect(weekdayHolidays(2022, 'england-wales')).toEqual([
      20220103, 20220415, 20220418, 20220502, 20220602, 20220603, 20220829, 20220919, 20221226, 20221227,
    ]);
    expect(weekdayHolidays(2023, 'england-wales')).toEqual([
      20230102, 20230407, 20230410, 20230501, 20230508, 20230529, 20230828, 20231225, 20231226,
    ]);
  });

  it("Scotland 2022 and 2023: 2 January, the first Monday of August and St Andrew's Day; no Easter Monday", () => {
    expect(weekdayHolidays(2022, 'scotland')).toEqual([
      20220103, 20220104, 20220415, 20220502, 20220602, 20220603, 20220801, 20220919, 20221130, 20221226,
      20221227,
    ]);
    expect(weekdayHolidays(2023, 'scotland')).toEqual([
      20230102, 20230103, 20230407, 20230501, 20230508, 20230529, 20230807, 20231130, 20231225, 20231226,
    ]);
  });

  it("St Andrew's Day on a Saturday is displaced to the Monday (2024: 2 December)", () => {
    expect(dayNumberToDate(holidaysOfYear(2024, 'scotland').get('StAndrewsDayHoliday')!)).toBe(20241202);
    expect(weekdayHolidays(2024, 'scotland')).toContain(20241202);
    expect(weekdayHolidays(2024, 'england-wales')).not.toContain(20241202);
  });
});

/*
 * The plain evaluator: for one day, the schema's order of precedence written out directly —
 * special days of non-operation, of operation, bank holidays not operated, operated, then the
 * regular days narrowed by serviced organisations.
 */
function plainRuns(
  p: OperatingProfile,
  day: number,
  nation: Nation,
  orgs: Map<string, ServicedOrganisation>,
): boolean {
  const within = (ranges: Array<{ from: number; to: number }>): boolean =>
    ranges.some((r) => r.from <= day && day <= r.to);
  const isHoliday = (names: string[]): boolean => {
    const year = Math.floor(dayNumberToDate(day) / 10000);
    const days = holidaysOfYear(year, nation);
    return names.some(
      (n) =>
        expandHolidayName(n, nation).some((h) => days.get(h) === day) ||
        (n === 'AllBankHolidays' && listOneOffHolidays(year).includes(day)),
    );
  };
  const orgDays = (refs: OperatingProfile['organisationsOn']): Array<{ from: number; to: number }> =>
    refs.flatMap((r) => orgs.get(r.code)?.[r.kind] ?? []);
  if (within(p.specialOff)) return false;
  if (within(p.specialOn)) return true;
  if (isHoliday(p.bankOff)) return false;
  if (isHoliday(p.bankOn)) return true;
  if (p.holidaysOnly) return false;
  if ((p.weekdays & (1 << weekdayOfDayNumber(day))) === 0) return false;
  if (within(orgDays(p.organisationsOff))) return false;
  return p.organisationsOn.length === 0 || within(orgDays(p.organisationsOn));
}

const START = dateToDayNumber(20251101);
const SPAN = 430; // two Christmases, two New Years, one of each spring and summer holiday
const range = fc
  .tuple(fc.integer({ min: -20, max: SPAN + 20 }), fc.integer({ min: 0, max: 40 }))
  .map(([a, len]) => ({ from: START + a, to: START + a + len }));
const holidayNames = fc.subarray([
  'AllBankHolidays',
  'Christmas',
  'HolidayMondays',
  'DisplacementHolidays',
  'EarlyRunOff',
  'AllHolidaysExceptChristmas',
  'GoodFriday',
  'Jan2ndScotland',
  'StAndrewsDay',
  'LateSummerBankHolidayNotScotland',
  'BoxingDayHoliday',
]);
const orgRefs = fc.subarray([
  { code: 'school', kind: 'workingDays' as const },
  { code: 'school', kind: 'holidays' as const },
  { code: 'works', kind: 'workingDays' as const },
]);
const profile: fc.Arbitrary<OperatingProfile> = fc.record({
  weekdays: fc.integer({ min: 0, max: 127 }),
  holidaysOnly: fc.boolean(),
  specialOn: fc.array(range, { maxLength: 3 }),
  specialOff: fc.array(range, { maxLength: 3 }),
  bankOn: holidayNames,
  bankOff: holidayNames,
  organisationsOn: orgRefs,
  organisationsOff: orgRefs,
});
const organisations = fc
  .record({
    school: fc.array(range, { maxLength: 4 }),
    schoolHolidays: fc.array(range, { maxLength: 4 }),
    works: fc.array(range, { maxLength: 2 }),
  })
  .map(
    (o) =>
      new Map<string, ServicedOrganisation>([
        ['school', { code: 'school', workingDays: o.school, holidays: o.schoolHolidays }],
        ['works', { code: 'works', workingDays: o.works, holidays: [] }],
      ]),
  );

describe('U02 operating profiles', () => {
  it('a profile compiled to weekdays, period and exception dates runs on exactly the days the plain evaluator says', () => {
    fc.assert(
      fc.property(
        profile,
        organisations,
        fc.constantFrom<Nation>('england-wales', 'scotland'),
        fc.integer({ min: 0, max: 60 }),
        (p, orgs, nation, startOffset) => {
          const period = { from: START + startOffset, to: START + SPAN - startOffset };
          const service = profileToService('s', p, period, { nation, organisations: orgs });
          for (let day = START - 5; day <= START + SPAN + 5; day++) {
            const expected = day >= period.from && day <= period.to && plainRuns(p, day, nation, orgs);
            if (serviceRuns(service, dayNumberToDate(day)) !== expected)
              throw new Error(`day ${dayNumberToDate(day)}: compiled ${!expected}, plain ${expected}`);
          }
        },
      ),
      { numRuns: 150, seed: 29 },
    );
  });

  it("a Monday-to-Friday journey not run on bank holidays skips Scotland's 2 January and St Andrew's Day there, but not in England", () => {
    const p: OperatingProfile = {
      weekdays: 31,
      holidaysOnly: false,
      specialOn: [],
      specialOff: [],
      bankOff: ['AllBankHolidays'],
      bankOn: [],
      organisationsOn: [],
      organisationsOff: [],
    };
    const period = { from: dateToDayNumber(20251101), to: dateToDayNumber(20260131) };
    const scot = profileToService('s', p, period, { nation: 'scotland', organisations: new Map() });
    const eng = profileToService('e', p, period, { nation: 'england-wales', organisations: new Map() });
    // 2026-01-02 is a Friday; St Andrew's Day 2025 is a Sunday, so Monday 1 December is its holiday.
    expect(serviceRuns(scot, 20260102)).toBe(false);
    expect(serviceRuns(eng, 20260102)).toBe(true);
    expect(serviceRuns(scot, 20251201)).toBe(false);
    expect(serviceRuns(eng, 20251201)).toBe(true);
    expect(serviceRuns(scot, 20251225)).toBe(false);
    expect(serviceRuns(eng, 20251225)).toBe(false);
  });
});
