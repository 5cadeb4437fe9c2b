import { dateToDayNumber } from '../time/serviceDay.ts';
import type { TimetableInput, TripInput } from '../timetable/types.ts';
import type { GtfsFeed } from './types.ts';

/**
 * Turns parsed GTFS feeds into the GTFS-free builder input. This is where GTFS semantics end:
 * ids are namespaced "feed:id", frequencies become runs, and transfers.txt rows naming stations
 * are applied to every platform of those stations (NYC's feed names only parent stations).
 */
export function feedsToTimetableInput(feeds: GtfsFeed[]): TimetableInput {
  const input: TimetableInput = {
    feeds: [],
    agencies: [],
    lines: [],
    stops: [],
    services: [],
    shapes: [],
    trips: [],
    transfers: [],
  };
  feeds.forEach((feed, f) => {
    const ns = (id: string): string => `${feed.id}:${id}`;
    const stopBase = input.stops.length;
    const agencyBase = input.agencies.length;
    const lineBase = input.lines.length;
    const serviceBase = input.services.length;
    const shapeBase = input.shapes.length;
    input.feeds.push({
      id: feed.id,
      timezone: feed.timezone,
      generateFootpaths: !feed.hasTransfersFile,
      publisher: feed.feedInfo?.publisherName ?? '',
      version: feed.feedInfo?.version ?? '',
    });
    for (const a of feed.agencies)
      input.agencies.push({ feed: f, id: ns(a.id), name: a.name, url: a.url, phone: a.phone });
    for (const s of feed.stops) {
      input.stops.push({
        feed: f,
        id: ns(s.id),
        code: s.code,
        name: s.name,
        lat: s.lat,
        lon: s.lon,
        parent: s.parentIdx >= 0 ? stopBase + s.parentIdx : -1,
        wheelchair: s.wheelchair,
        platformCode: s.platformCode,
      });
    }
    for (const r of feed.routes) {
      input.lines.push({
        feed: f,
        id: ns(r.id),
        agency: agencyBase + r.agencyIdx,
        shortName: r.shortName,
        longName: r.longName,
        mode: r.mode,
        routeType: r.routeType,
        color: r.color,
        textColor: r.textColor,
        url: r.url,
      });
    }
    for (const s of feed.services) {
      const hasRange = s.weekdays !== 0 && s.startDate !== 0;
      input.services.push({
        feed: f,
        id: ns(s.id),
        weekdays: s.weekdays,
        startDay: hasRange ? dateToDayNumber(s.startDate) : 0,
        endDay: hasRange ? dateToDayNumber(s.endDate) : -1,
        addedDays: s.added.map(dateToDayNumber),
        removedDays: s.removed.map(dateToDayNumber),
      });
    }
    for (const sh of feed.shapes) input.shapes.push(sh.coords);

    const freqByTrip = new Map<number, typeof feed.frequencies>();
    for (const fr of feed.frequencies) {
      let list = freqByTrip.get(fr.tripIdx);
      if (!list) freqByTrip.set(fr.tripIdx, (list = []));
      list.push(fr);
    }
    const st = feed.stopTimes;
    feed.trips.forEach((trip, t) => {
      if (!trip.valid) return;
      const from = st.tripOffsets[t]!;
      const to = st.tripOffsets[t + 1]!;
      if (to - from < 2) return;
      const stops = st.stopIdx.slice(from, to);
      for (let i = 0; i < stops.length; i++) stops[i]! += stopBase;
      const base: TripInput = {
        id: ns(trip.id),
        line: lineBase + trip.routeIdx,
        service: serviceBase + trip.serviceIdx,
        headsign: trip.headsign,
        shortName: trip.shortName,
        shape: trip.shapeIdx >= 0 ? shapeBase + trip.shapeIdx : -1,
        wheelchair: trip.wheelchair,
        stops,
        arrivals: st.arrivalSec.slice(from, to),
        departures: st.departureSec.slice(from, to),
        pickupType: st.pickupType.slice(from, to),
        dropOffType: st.dropOffType.slice(from, to),
        headwaySec: 0,
      };
      const freqs = freqByTrip.get(t);
      if (!freqs) {
        input.trips.push(base);
        return;
      }
      // Frequencies: stop_times give only the running times; runs start every headway from
      // start_time, end_time excluded (every 30 min from 08:00 to 10:00 → last run 09:30).
      const firstDep = base.departures[0]!;
      for (const exact of [true, false]) {
        const shifts: number[] = [];
        let headway = 0;
        for (const fr of freqs) {
          if (fr.exactTimes !== exact) continue;
          for (let start = fr.startSec; start < fr.endSec; start += fr.headwaySec)
            shifts.push(start - firstDep);
          headway = Math.max(headway, fr.headwaySec);
        }
        if (shifts.length === 0) continue;
        input.trips.push({ ...base, runShiftsSec: shifts, headwaySec: exact ? 0 : headway });
      }
    });

    // transfers.txt: a station stands for its platforms; rows about single stops win over station rows.
    const children = new Map<number, number[]>();
    feed.stops.forEach((s, i) => {
      if (s.parentIdx >= 0 && s.locationType === 0) {
        let list = children.get(s.parentIdx);
        if (!list) children.set(s.parentIdx, (list = []));
        list.push(i);
      }
    });
    const platformsOf = (i: number): number[] =>
      feed.stops[i]!.locationType === 1 ? (children.get(i) ?? []) : [i];
    const rank = (i: number): number => (feed.stops[i]!.locationType === 1 ? 0 : 1);
    const rows = [...feed.transfers].sort(
      (a, b) => rank(a.fromStopIdx) + rank(a.toStopIdx) - (rank(b.fromStopIdx) + rank(b.toStopIdx)),
    );
    const byPair = new Map<string, { from: number; to: number; durationSec: number; forbidden: boolean }>();
    for (const tr of rows) {
      for (const a of platformsOf(tr.fromStopIdx)) {
        for (const b of platformsOf(tr.toStopIdx)) {
          // Type 0/1: recommended or timed; a walk between different platforms is still estimated (-1).
          const durationSec =
            tr.type === 2 ? tr.minTransferSec : tr.minTransferSec >= 0 ? tr.minTransferSec : a === b ? 0 : -1;
          byPair.set(`${a},${b}`, {
            from: stopBase + a,
            to: stopBase + b,
            durationSec,
            forbidden: tr.type === 3,
          });
        }
      }
    }
    input.transfers.push(...byPair.values());
  });
  return input;
}
