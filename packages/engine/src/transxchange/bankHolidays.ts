import { dateToDayNumber, weekdayOfDayNumber } from '../time/serviceDay.ts';

/*
 * UK bank holidays by their TransXChange names, as day numbers. The rules are those of the
 * Banking and Financial Dealings Act 1971 as applied each year (source: gov.uk/bank-holidays):
 * a fixed holiday on a weekend is "displaced" to the next weekday not already a holiday
 * (ChristmasDayHoliday, NewYearsDayHoliday, …); Scotland has 2 January, St Andrew's Day
 * (30 November) and the first Monday of August, England and Wales Easter Monday and the last
 * Monday of August; Northern Ireland has England's and St Patrick's Day (17 March) and the
 * Battle of the Boyne (12 July). One-off changes by royal proclamation are listed in ONE_OFF below.
 */

/** The nation whose bank holidays a group such as AllBankHolidays means. */
export type Nation = 'england-wales' | 'scotland' | 'northern-ireland';

/** The single holidays TransXChange names (BankHolidayOperation children). */
export const SINGLE_HOLIDAYS = [
  'NewYearsDay',
  'Jan2ndScotland',
  'GoodFriday',
  'EasterMonday',
  'MayDay',
  'SpringBank',
  'LateSummerBankHolidayNotScotland',
  'AugustBankHolidayScotland',
  'StAndrewsDay',
  'ChristmasEve',
  'ChristmasDay',
  'BoxingDay',
  'NewYearsEve',
  'NewYearsDayHoliday',
  'Jan2ndScotlandHoliday',
  'StAndrewsDayHoliday',
  'ChristmasDayHoliday',
  'BoxingDayHoliday',
  // Northern Ireland's own (no TransXChange names; ATCO-CIF's bank holiday flag means them there).
  'StPatricksDay',
  'StPatricksDayHoliday',
  'BattleOfTheBoyne',
  'BattleOfTheBoyneHoliday',
] as const;
export type SingleHoliday = (typeof SINGLE_HOLIDAYS)[number];

const DISPLACEMENT: SingleHoliday[] = [
  'NewYearsDayHoliday',
  'Jan2ndScotlandHoliday',
  'StAndrewsDayHoliday',
  'ChristmasDayHoliday',
  'BoxingDayHoliday',
];
const HOLIDAY_MONDAYS: SingleHoliday[] = [
  'EasterMonday',
  'MayDay',
  'SpringBank',
  'LateSummerBankHolidayNotScotland',
  'AugustBankHolidayScotland',
];
const NOT_IN_SCOTLAND = new Set<SingleHoliday>(['EasterMonday', 'LateSummerBankHolidayNotScotland']);
const ONLY_IN_NORTHERN_IRELAND = new Set<SingleHoliday>([
  'StPatricksDay',
  'StPatricksDayHoliday',
  'BattleOfTheBoyne',
  'BattleOfTheBoyneHoliday',
]);
const ONLY_IN_SCOTLAND = new Set<SingleHoliday>([
  'Jan2ndScotland',
  'Jan2ndScotlandHoliday',
  'AugustBankHolidayScotland',
  'StAndrewsDay',
  'StAndrewsDayHoliday',
]);

/** The groups of TransXChange's BankHolidayOperation, as the single holidays they stand for (before the nation filter). */
const GROUPS: Record<string, SingleHoliday[]> = {
  AllBankHolidays: SINGLE_HOLIDAYS.filter((h) => h !== 'ChristmasEve' && h !== 'NewYearsEve'),
  Christmas: ['ChristmasDay', 'BoxingDay'],
  DisplacementHolidays: DISPLACEMENT,
  EarlyRunOff: ['ChristmasEve', 'NewYearsEve'],
  HolidayMondays: HOLIDAY_MONDAYS,
  AllHolidaysExceptChristmas: [
    'NewYearsDay',
    'Jan2ndScotland',
    'GoodFriday',
    'StAndrewsDay',
    'NewYearsDayHoliday',
    'Jan2ndScotlandHoliday',
    'StAndrewsDayHoliday',
    ...HOLIDAY_MONDAYS,
  ],
};

/** Whether a BankHolidayOperation child is a holiday or group this reader knows. */
export function isHolidayName(name: string): boolean {
  return name in GROUPS || (SINGLE_HOLIDAYS as readonly string[]).includes(name);
}

/** The single holidays a name stands for: itself, or a group's members kept in `nation`. */
export function expandHolidayName(name: string, nation: Nation): SingleHoliday[] {
  const group = GROUPS[name];
  if (!group) return (SINGLE_HOLIDAYS as readonly string[]).includes(name) ? [name as SingleHoliday] : [];
  if (nation === 'scotland')
    return group.filter((h) => !NOT_IN_SCOTLAND.has(h) && !ONLY_IN_NORTHERN_IRELAND.has(h));
  if (nation === 'england-wales')
    return group.filter((h) => !ONLY_IN_SCOTLAND.has(h) && !ONLY_IN_NORTHERN_IRELAND.has(h));
  return group.filter((h) => !ONLY_IN_SCOTLAND.has(h));
}

/*
 * Proclamations moving or adding a holiday (source: gov.uk/bank-holidays and its archived
 * pages): 2011 royal wedding; 2012 Spring bank moved to 4 June plus the Diamond Jubilee on
 * 5 June; 2020 Early May moved to Friday 8 May (VE Day); 2022 Spring bank moved to 2 June plus
 * the Platinum Jubilee on 3 June and the State Funeral on 19 September; 2023 the Coronation on
 * 8 May. Extra days count among AllBankHolidays (TransXChange has no name of their own for them).
 */
const MOVED: Record<string, number> = {
  'MayDay 2020': 20200508,
  'SpringBank 2012': 20120604,
  'SpringBank 2022': 20220602,
};
const ONE_OFF: number[] = [20110429, 20120605, 20220603, 20220919, 20230508];

/** Day numbers of one-off holidays by proclamation in a year (all nations). */
export function listOneOffHolidays(year: number): number[] {
  return ONE_OFF.filter((d) => Math.floor(d / 10000) === year).map(dateToDayNumber);
}

/** Easter Sunday of a Gregorian year as a day number (the anonymous Gregorian computus). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateToDayNumber(year * 10000 + month * 100 + day);
}

/** The n-th (1-based) Monday of a month, or the last when n is -1. */
function monday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = dateToDayNumber(year * 10000 + month * 100 + 1);
    return first + ((7 - weekdayOfDayNumber(first)) % 7) + 7 * (n - 1);
  }
  const last =
    dateToDayNumber(month === 12 ? (year + 1) * 10000 + 101 : year * 10000 + (month + 1) * 100 + 1) - 1;
  return last - weekdayOfDayNumber(last);
}

const cache = new Map<string, Map<SingleHoliday, number>>();

/**
 * Every single holiday of a year by name, displacement days only in years they occur. The
 * nation matters for New Year: in Scotland 2 January is a holiday too, so a New Year's Day on
 * a Sunday is displaced to Tuesday 3 January there and to Monday 2 January in England.
 */
export function holidaysOfYear(year: number, nation: Nation): ReadonlyMap<SingleHoliday, number> {
  const key = `${year} ${nation}`;
  const known = cache.get(key);
  if (known) return known;
  const day = (md: number): number => dateToDayNumber(year * 10000 + md);
  const easter = easterSunday(year);
  const out = new Map<SingleHoliday, number>([
    ['NewYearsDay', day(101)],
    ['Jan2ndScotland', day(102)],
    ['GoodFriday', easter - 2],
    ['EasterMonday', easter + 1],
    ['MayDay', MOVED[`MayDay ${year}`] ? dateToDayNumber(MOVED[`MayDay ${year}`]!) : monday(year, 5, 1)],
    [
      'SpringBank',
      MOVED[`SpringBank ${year}`] ? dateToDayNumber(MOVED[`SpringBank ${year}`]!) : monday(year, 5, -1),
    ],
    ['LateSummerBankHolidayNotScotland', monday(year, 8, -1)],
    ['AugustBankHolidayScotland', monday(year, 8, 1)],
    ['StAndrewsDay', day(1130)],
    ['StPatricksDay', day(317)],
    ['BattleOfTheBoyne', day(712)],
    ['ChristmasEve', day(1224)],
    ['ChristmasDay', day(1225)],
    ['BoxingDay', day(1226)],
    ['NewYearsEve', day(1231)],
  ]);
  // Displacement, in date order, to the next weekday that is not a holiday already.
  const weekend = (d: number): boolean => weekdayOfDayNumber(d) >= 5;
  const displace = (pairs: Array<[SingleHoliday, SingleHoliday]>): void => {
    const taken = new Set(pairs.map(([h]) => out.get(h)!).filter((d) => !weekend(d)));
    for (const [h, sub] of pairs) {
      const d = out.get(h)!;
      if (!weekend(d)) continue;
      let s = d + 1;
      while (weekend(s) || taken.has(s)) s++;
      taken.add(s);
      out.set(sub, s);
    }
  };
  if (nation === 'scotland')
    displace([
      ['NewYearsDay', 'NewYearsDayHoliday'],
      ['Jan2ndScotland', 'Jan2ndScotlandHoliday'],
    ]);
  else displace([['NewYearsDay', 'NewYearsDayHoliday']]);
  displace([['StAndrewsDay', 'StAndrewsDayHoliday']]);
  displace([['StPatricksDay', 'StPatricksDayHoliday']]);
  displace([['BattleOfTheBoyne', 'BattleOfTheBoyneHoliday']]);
  displace([
    ['ChristmasDay', 'ChristmasDayHoliday'],
    ['BoxingDay', 'BoxingDayHoliday'],
  ]);
  cache.set(key, out);
  return out;
}
