import { holidaysWithin, summerSeasons } from './calendar.ts';
import type { Validity } from './calendar.ts';
import type { DemoService } from './model.ts';

/*
 * Service patterns shared by every feed. Bank holidays follow what Scottish operators usually do:
 * no service on Christmas Day, a Sunday service on Boxing Day and New Year's Day, a Saturday
 * service on 2 January, and the normal timetable on the other bank holidays.
 */

export const SERVICE = {
  weekday: 'WD',
  saturday: 'SAT',
  sunday: 'SUN',
  daily: 'DAILY',
  tueThuSat: 'TU-TH-SA',
  wedFri: 'WE-FR',
  tueFri: 'TU-FR',
} as const;

const DAYS: Record<string, DemoService['days']> = {
  [SERVICE.weekday]: [1, 1, 1, 1, 1, 0, 0],
  [SERVICE.saturday]: [0, 0, 0, 0, 0, 1, 0],
  [SERVICE.sunday]: [0, 0, 0, 0, 0, 0, 1],
  [SERVICE.daily]: [1, 1, 1, 1, 1, 1, 1],
  [SERVICE.tueThuSat]: [0, 1, 0, 1, 0, 1, 0],
  [SERVICE.wedFri]: [0, 0, 1, 0, 1, 0, 0],
  [SERVICE.tueFri]: [0, 1, 0, 0, 1, 0, 0],
};

/** Service id of the summer-only service of the season starting in `year`. */
export const summerServiceId = (year: number): string => `SUMMER-${year}`;

const dayOfWeek = (day: number): number => (new Date(day).getUTCDay() + 6) % 7;

/** Every service pattern over the validity window, with bank-holiday exceptions. */
export function buildServices(v: Validity): DemoService[] {
  const services: DemoService[] = Object.entries(DAYS).map(([id, days]) => ({
    id,
    days,
    start: v.start,
    end: v.end,
    exceptions: [],
  }));
  for (const season of summerSeasons(v)) {
    services.push({
      id: summerServiceId(new Date(season.start).getUTCFullYear()),
      days: [1, 1, 1, 1, 1, 1, 1],
      start: season.start,
      end: season.end,
      exceptions: [],
    });
  }
  const byId = new Map(services.map((s) => [s.id, s]));
  const runsOn = (s: DemoService, day: number) =>
    day >= s.start && day <= s.end && s.days[dayOfWeek(day)] === 1;

  for (const h of holidaysWithin(v)) {
    if (h.kind === 'other') continue;
    const replacement =
      h.kind === 'christmas' ? undefined : h.kind === 'second-january' ? SERVICE.saturday : SERVICE.sunday;
    for (const s of services) {
      if (s.id === replacement) continue;
      // Services that run every day keep running on holidays other than Christmas Day.
      if (replacement && s.days.every((d) => d === 1)) continue;
      if (runsOn(s, h.day)) s.exceptions.push({ day: h.day, type: 2 });
    }
    const rep = replacement ? byId.get(replacement) : undefined;
    if (rep && !runsOn(rep, h.day)) rep.exceptions.push({ day: h.day, type: 1 });
  }
  for (const s of services) s.exceptions.sort((a, b) => a.day - b.day);
  return services;
}
