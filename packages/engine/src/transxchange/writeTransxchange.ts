import type { GtfsFeed } from '../gtfs/types.ts';
import { dateToDayNumber, dayNumberToDate } from '../time/serviceDay.ts';

/*
 * Writes a parsed GTFS feed out as one TransXChange 2.4 document and a NaPTAN Stops.csv, the
 * way an operator's scheduling system would publish the same timetable: a Service per route, a
 * journey pattern per trip, run times and waits per link, the calendar as an operating profile
 * (weekdays, the period outside the calendar as days of non-operation, calendar_dates as special
 * days), pick-up and set-down as activities, frequencies as Frequency. The demo region ships
 * part of its buses this way so the TransXChange reader runs on every start, and the tests check
 * that what is written reads back to the same plans.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const iso = (date: number): string => {
  const s = String(date);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};
const clock = (sec: number): string =>
  [Math.floor(sec / 3600) % 24, Math.floor(sec / 60) % 60, sec % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const range = (from: number, to: number): string =>
  `<DateRange><StartDate>${iso(from)}</StartDate><EndDate>${iso(to)}</EndDate></DateRange>`;

/** A parsed GTFS feed as TransXChange XML (services named by route_id) and a NaPTAN Stops.csv. */
export function writeTransxchange(feed: GtfsFeed): { xml: string; naptanCsv: string } {
  const st = feed.stopTimes;
  // The period every service lies in; each journey's own calendar range is cut out of it.
  let first = Infinity;
  let last = -Infinity;
  for (const s of feed.services) {
    for (const d of [s.startDate, s.endDate, ...s.added, ...s.removed])
      if (d) {
        first = Math.min(first, d);
        last = Math.max(last, d);
      }
  }
  const sections: string[] = [];
  const patternsByRoute = new Map<number, string[]>();
  const journeys: string[] = [];
  const freqByTrip = new Map(feed.frequencies.map((f) => [f.tripIdx, f]));
  const patternByShape = new Map<string, string>();
  feed.trips.forEach((trip, t) => {
    const from = st.tripOffsets[t]!;
    const to = st.tripOffsets[t + 1]!;
    if (!trip.valid || to - from < 2) return;
    const activity = (k: number): string => {
      const up = st.pickupType[k] !== 1;
      const down = st.dropOffType[k] !== 1;
      return up && down ? 'pickUpAndSetDown' : up ? 'pickUp' : down ? 'setDown' : 'pass';
    };
    // Journeys with the same calls, run times, waits and activities share one journey pattern,
    // as in a published file (a pattern per journey would make files many times their real size).
    const shape: Array<string | number> = [trip.routeIdx, trip.directionId];
    for (let k = from; k < to; k++)
      shape.push(
        st.stopIdx[k]!,
        st.arrivalSec[k]! - st.departureSec[from]!,
        st.departureSec[k]! - st.departureSec[from]!,
        activity(k),
      );
    const key = shape.join(',');
    let pattern = patternByShape.get(key);
    if (pattern === undefined) {
      pattern = `${t}`;
      patternByShape.set(key, pattern);
      const links: string[] = [];
      for (let k = from; k < to - 1; k++) {
        const wait = st.departureSec[k + 1]! - st.arrivalSec[k + 1]!;
        links.push(
          `<JourneyPatternTimingLink id="L${t}_${k - from}">` +
            `<From><Activity>${activity(k)}</Activity><StopPointRef>${esc(feed.stops[st.stopIdx[k]!]!.id)}</StopPointRef><TimingStatus>PTP</TimingStatus></From>` +
            `<To>${k + 1 < to - 1 && wait > 0 ? `<WaitTime>PT${wait}S</WaitTime>` : ''}<Activity>${activity(k + 1)}</Activity><StopPointRef>${esc(feed.stops[st.stopIdx[k + 1]!]!.id)}</StopPointRef><TimingStatus>PTP</TimingStatus></To>` +
            `<RunTime>PT${st.arrivalSec[k + 1]! - st.departureSec[k]!}S</RunTime></JourneyPatternTimingLink>`,
        );
      }
      sections.push(`<JourneyPatternSection id="S${t}">${links.join('')}</JourneyPatternSection>`);
      const list = patternsByRoute.get(trip.routeIdx) ?? [];
      list.push(
        `<JourneyPattern id="P${t}"><Direction>${trip.directionId === 1 ? 'inbound' : 'outbound'}</Direction><JourneyPatternSectionRefs>S${t}</JourneyPatternSectionRefs></JourneyPattern>`,
      );
      patternsByRoute.set(trip.routeIdx, list);
    }

    const s = feed.services[trip.serviceIdx]!;
    const days = WEEKDAYS.filter((_, i) => s.weekdays & (1 << i)).map((d) => `<${d}/>`);
    const regular = days.length ? `<DaysOfWeek>${days.join('')}</DaysOfWeek>` : '<HolidaysOnly/>';
    const off = s.removed.map((d) => range(d, d));
    if (days.length) {
      if (s.startDate > first) off.push(range(first, dayNumberToDate(dateToDayNumber(s.startDate) - 1)));
      if (s.endDate < last) off.push(range(dayNumberToDate(dateToDayNumber(s.endDate) + 1), last));
    }
    const on = s.added.map((d) => range(d, d));
    const special =
      on.length + off.length
        ? `<SpecialDaysOperation>${on.length ? `<DaysOfOperation>${on.join('')}</DaysOfOperation>` : ''}${off.length ? `<DaysOfNonOperation>${off.join('')}</DaysOfNonOperation>` : ''}</SpecialDaysOperation>`
        : '';
    const f = freqByTrip.get(t);
    const start = f ? f.startSec : st.departureSec[from]!;
    const lastStart = f
      ? f.startSec + Math.floor((f.endSec - 1 - f.startSec) / f.headwaySec) * f.headwaySec
      : 0;
    const frequency = f
      ? `<Frequency><EndTime>${clock(lastStart)}</EndTime><Interval><${f.exactTimes ? 'ScheduledFrequency' : 'MinimumFrequency'}>PT${f.headwaySec}S</${f.exactTimes ? 'ScheduledFrequency' : 'MinimumFrequency'}></Interval></Frequency>`
      : '';
    journeys.push(
      `<VehicleJourney><OperatingProfile><RegularDayType>${regular}</RegularDayType>${special}</OperatingProfile>` +
        `<VehicleJourneyCode>${esc(trip.id)}</VehicleJourneyCode><ServiceRef>${esc(feed.routes[trip.routeIdx]!.id)}</ServiceRef><LineRef>${esc(feed.routes[trip.routeIdx]!.id)}</LineRef>` +
        `<JourneyPatternRef>P${pattern}</JourneyPatternRef>${frequency}<DepartureTime>${clock(start)}</DepartureTime>` +
        (start >= 86400 ? `<DepartureDayShift>${Math.floor(start / 86400)}</DepartureDayShift>` : '') +
        `</VehicleJourney>`,
    );
  });
  const services = feed.routes.map(
    (r, i) =>
      `<Service><ServiceCode>${esc(r.id)}</ServiceCode><Lines><Line id="${esc(r.id)}"><LineName>${esc(r.shortName)}</LineName></Line></Lines>` +
      `<OperatingPeriod><StartDate>${iso(first)}</StartDate><EndDate>${iso(last)}</EndDate></OperatingPeriod>` +
      `<RegisteredOperatorRef>O${r.agencyIdx}</RegisteredOperatorRef><Mode>${r.mode === 'intercity bus' ? 'coach' : r.mode === 'train' ? 'rail' : r.mode === 'subway' ? 'underground' : r.mode}</Mode>` +
      `<Description>${esc(r.longName)}</Description><StandardService><Origin>A</Origin><Destination>B</Destination>${(patternsByRoute.get(i) ?? []).join('')}</StandardService></Service>`,
  );
  const operators = feed.agencies.map(
    (a, i) =>
      `<Operator id="O${i}"><NationalOperatorCode>${esc(a.id)}</NationalOperatorCode><TradingName>${esc(a.name)}</TradingName></Operator>`,
  );
  // The document names the stops its journeys call at; NaPTAN lists every stop.
  const called = new Set(st.stopIdx);
  const xml =
    `<?xml version="1.0" encoding="utf-8"?>\n<TransXChange xmlns="http://www.transxchange.org.uk/" SchemaVersion="2.4" CreationDateTime="${iso(first)}T00:00:00">` +
    `<StopPoints>${feed.stops
      .filter((_, i) => called.has(i))
      .map(
        (s) =>
          `<AnnotatedStopPointRef><StopPointRef>${esc(s.id)}</StopPointRef><CommonName>${esc(s.name)}</CommonName></AnnotatedStopPointRef>`,
      )
      .join('')}</StopPoints>` +
    `<JourneyPatternSections>${sections.join('')}</JourneyPatternSections><Operators>${operators.join('')}</Operators>` +
    `<Services>${services.join('')}</Services><VehicleJourneys>${journeys.join('')}</VehicleJourneys></TransXChange>\n`;
  const naptanCsv =
    'ATCOCode,CommonName,Longitude,Latitude\n' +
    feed.stops.map((s) => `${s.id},"${s.name.replace(/"/g, '""')}",${s.lon},${s.lat}`).join('\n') +
    '\n';
  return { xml, naptanCsv };
}
