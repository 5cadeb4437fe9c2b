import { dateToDayNumber, dayNumberToDate, weekdayOfDayNumber } from '../time/serviceDay.ts';
import type { GtfsService } from '../gtfs/types.ts';
import { expandHolidayName, holidaysOfYear, isHolidayName, listOneOffHolidays } from './bankHolidays.ts';
import type { Nation } from './bankHolidays.ts';
import { findChild, listChildren } from '../xml/xmlTree.ts';
import type { XmlElement } from '../xml/xmlTree.ts';

/*
 * TransXChange operating profiles: on which days a vehicle journey runs. The order of
 * precedence is the schema's: special days (non-operation first) over bank holidays over
 * serviced organisations (school days and the like) over the regular days of the week, all
 * inside the service's operating period.
 */

/** Inclusive range of day numbers. */
export interface DayRange {
  from: number;
  to: number;
}

/** Days of a serviced organisation (a school, a works) as its file defines them. */
export interface ServicedOrganisation {
  code: string;
  workingDays: DayRange[];
  holidays: DayRange[];
}

/** A reference to one serviced organisation's working days or holidays. */
export interface OrganisationDays {
  code: string;
  kind: 'workingDays' | 'holidays';
}

/** An operating profile as read, names still unexpanded. */
export interface OperatingProfile {
  /** Bit 0 Monday … bit 6 Sunday (calendar.txt's order). */
  weekdays: number;
  /** RegularDayType/HolidaysOnly: runs only on the bank holidays it names. */
  holidaysOnly: boolean;
  specialOn: DayRange[];
  specialOff: DayRange[];
  bankOn: string[];
  bankOff: string[];
  organisationsOn: OrganisationDays[];
  organisationsOff: OrganisationDays[];
}

/** What a profile is evaluated against: whose bank holidays, which organisations. */
export interface ProfileContext {
  nation: Nation;
  organisations: ReadonlyMap<string, ServicedOrganisation>;
}

const DAY_BITS: Record<string, number> = {
  Monday: 1,
  Tuesday: 2,
  Wednesday: 4,
  Thursday: 8,
  Friday: 16,
  Saturday: 32,
  Sunday: 64,
  MondayToFriday: 31,
  MondayToSaturday: 63,
  MondayToSunday: 127,
  Weekend: 96,
};

/** Weekday bits of a DaysOfWeek child (Monday, MondayToFriday, NotSaturday …); undefined when unknown. */
function dayBits(name: string): number | undefined {
  if (name in DAY_BITS) return DAY_BITS[name];
  if (name.startsWith('Not') && name.slice(3) in DAY_BITS) return 127 & ~DAY_BITS[name.slice(3)]!;
  return undefined;
}

/** Parses "YYYY-MM-DD" into a day number; undefined when malformed. */
export function parseIsoDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  return dateToDayNumber(Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]));
}

/** The DateRange children of an element; a range without EndDate is one day, an unreadable one is reported. */
export function readDateRanges(
  el: XmlElement | undefined,
  report: (el: XmlElement, message: string) => void,
): DayRange[] {
  const out: DayRange[] = [];
  for (const r of listChildren(el, 'DateRange')) {
    const from = parseIsoDay(findChild(r, 'StartDate')?.text ?? '');
    const endText = findChild(r, 'EndDate')?.text;
    const to = endText ? parseIsoDay(endText) : from;
    if (from === undefined || to === undefined)
      report(r, 'DateRange without a readable StartDate/EndDate skipped');
    else out.push({ from, to });
  }
  return out;
}

/** Reads a ServicedOrganisation element. */
export function readServicedOrganisation(
  el: XmlElement,
  report: (el: XmlElement, message: string) => void,
): ServicedOrganisation {
  return {
    code: findChild(el, 'OrganisationCode')?.text ?? '',
    workingDays: readDateRanges(findChild(el, 'WorkingDays'), report),
    holidays: readDateRanges(findChild(el, 'Holidays'), report),
  };
}

/** Reads an OperatingProfile element; elements it does not understand are reported, not ignored silently. */
export function readOperatingProfile(
  el: XmlElement,
  report: (el: XmlElement, message: string) => void,
): OperatingProfile {
  const p: OperatingProfile = {
    weekdays: 0,
    holidaysOnly: false,
    specialOn: [],
    specialOff: [],
    bankOn: [],
    bankOff: [],
    organisationsOn: [],
    organisationsOff: [],
  };
  const regular = findChild(el, 'RegularDayType');
  // No RegularDayType: the schema's default day type is Monday to Friday.
  if (!regular) p.weekdays = 31;
  for (const child of regular?.children ?? []) {
    if (child.name === 'HolidaysOnly') p.holidaysOnly = true;
    else if (child.name === 'DaysOfWeek') {
      for (const d of child.children) {
        const bits = dayBits(d.name);
        if (bits === undefined) report(d, `DaysOfWeek/${d.name} not understood`);
        else p.weekdays |= bits;
      }
    } else report(child, `RegularDayType/${child.name} not supported`);
  }
  for (const child of el.children) {
    if (child.name === 'RegularDayType') continue;
    if (child.name === 'SpecialDaysOperation') {
      p.specialOn.push(...readDateRanges(findChild(child, 'DaysOfOperation'), report));
      p.specialOff.push(...readDateRanges(findChild(child, 'DaysOfNonOperation'), report));
    } else if (child.name === 'BankHolidayOperation') {
      for (const [side, list] of [
        ['DaysOfOperation', p.bankOn],
        ['DaysOfNonOperation', p.bankOff],
      ] as const) {
        for (const h of findChild(child, side)?.children ?? []) {
          if (h.name === 'OtherPublicHoliday') {
            const day = parseIsoDay(findChild(h, 'Date')?.text ?? '');
            if (day === undefined) report(h, 'OtherPublicHoliday without a readable Date skipped');
            else (side === 'DaysOfOperation' ? p.specialOn : p.specialOff).push({ from: day, to: day });
          } else if (isHolidayName(h.name)) list.push(h.name);
          else report(h, `bank holiday ${h.name} not known`);
        }
      }
    } else if (child.name === 'ServicedOrganisationDayType') {
      for (const [side, list] of [
        ['DaysOfOperation', p.organisationsOn],
        ['DaysOfNonOperation', p.organisationsOff],
      ] as const) {
        for (const kindEl of findChild(child, side)?.children ?? []) {
          const kind =
            kindEl.name === 'WorkingDays'
              ? 'workingDays'
              : kindEl.name === 'Holidays'
                ? 'holidays'
                : undefined;
          if (!kind) {
            report(kindEl, `ServicedOrganisationDayType/${side}/${kindEl.name} not supported`);
            continue;
          }
          for (const ref of listChildren(kindEl, 'ServicedOrganisationRef'))
            list.push({ code: ref.text, kind });
        }
      }
    } else report(child, `OperatingProfile/${child.name} not supported (its days are ignored)`);
  }
  return p;
}

const inRanges = (ranges: readonly DayRange[], day: number): boolean =>
  ranges.some((r) => day >= r.from && day <= r.to);

/** Day numbers of the named holidays (groups expanded for the nation) in one year. */
function namedHolidays(names: readonly string[], year: number, nation: Nation): Set<number> {
  const out = new Set<number>();
  const days = holidaysOfYear(year, nation);
  for (const name of names) {
    for (const single of expandHolidayName(name, nation)) {
      const d = days.get(single);
      if (d !== undefined) out.add(d);
    }
    if (name === 'AllBankHolidays') for (const d of listOneOffHolidays(year)) out.add(d);
  }
  return out;
}

const yearOf = (day: number): number => Math.floor(dayNumberToDate(day) / 10000);

function organisationDays(refs: readonly OrganisationDays[], ctx: ProfileContext): DayRange[] {
  const out: DayRange[] = [];
  for (const ref of refs) {
    const org = ctx.organisations.get(ref.code);
    if (org) out.push(...org[ref.kind]);
  }
  return out;
}

/** Whether a profile runs on a day (inside the operating period, which the caller checks). */
export function runsOnDay(p: OperatingProfile, day: number, ctx: ProfileContext): boolean {
  if (inRanges(p.specialOff, day)) return false;
  if (inRanges(p.specialOn, day)) return true;
  const year = yearOf(day);
  if (p.bankOff.length > 0 && namedHolidays(p.bankOff, year, ctx.nation).has(day)) return false;
  if (p.bankOn.length > 0 && namedHolidays(p.bankOn, year, ctx.nation).has(day)) return true;
  if (p.holidaysOnly) return false;
  if (!(p.weekdays & (1 << weekdayOfDayNumber(day)))) return false;
  if (inRanges(organisationDays(p.organisationsOff, ctx), day)) return false;
  if (p.organisationsOn.length > 0) return inRanges(organisationDays(p.organisationsOn, ctx), day);
  return true;
}

/**
 * The GTFS-style service of a profile in a period: its weekdays over the period, plus the days
 * where the profile differs from them. Only days named somewhere (special days, holidays,
 * organisation ranges) can differ, so those are the only days evaluated one by one.
 */
export function profileToService(
  id: string,
  p: OperatingProfile,
  period: DayRange,
  ctx: ProfileContext,
): GtfsService {
  const base = (day: number): boolean =>
    !p.holidaysOnly && p.organisationsOn.length === 0 && (p.weekdays & (1 << weekdayOfDayNumber(day))) !== 0;
  const candidates = new Set<number>();
  const addRange = (r: DayRange): void => {
    for (let d = Math.max(r.from, period.from); d <= Math.min(r.to, period.to); d++) candidates.add(d);
  };
  p.specialOn.forEach(addRange);
  p.specialOff.forEach(addRange);
  organisationDays([...p.organisationsOn, ...p.organisationsOff], ctx).forEach(addRange);
  if (p.bankOn.length + p.bankOff.length > 0) {
    for (let y = yearOf(period.from); y <= yearOf(period.to); y++)
      for (const d of namedHolidays([...p.bankOn, ...p.bankOff], y, ctx.nation))
        if (d >= period.from && d <= period.to) candidates.add(d);
  }
  const added: number[] = [];
  const removed: number[] = [];
  for (const d of [...candidates].sort((a, b) => a - b)) {
    const runs = runsOnDay(p, d, ctx);
    if (runs && !base(d)) added.push(dayNumberToDate(d));
    else if (!runs && base(d)) removed.push(dayNumberToDate(d));
  }
  const weekdays = p.holidaysOnly || p.organisationsOn.length > 0 ? 0 : p.weekdays;
  return {
    id,
    weekdays,
    startDate: weekdays ? dayNumberToDate(period.from) : 0,
    endDate: weekdays ? dayNumberToDate(period.to) : 0,
    added,
    removed,
  };
}
