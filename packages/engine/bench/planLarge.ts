// The generated large network for the plan bench: the transit bench's Scotland-scale synthetic
// timetable (40k stops, 3k routes, 150k trips) with a synthetic street grid (1 km roads, a short
// spur to every stop) and a minimal region.json, written to a folder loadPlanner can read.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { dateToDayNumber } from '../src/time/service-day.ts';
import type { TimetableInput } from '../src/timetable/types.ts';
import { generateNetwork, makeRandom, writeNetworkAsGtfs } from './transit-network.ts';

export const LARGE_DATE = 20260603; // a Wednesday
const BBOX: [number, number, number, number] = [55.0, -6.2, 58.6, -1.8];
const GRID_KM = 1;

/** Writes the large region into dir; returns the stop positions (for picking search ends). */
export function writeLargeRegion(dir: string, scale: number): { stops: Array<{ lat: number; lon: number }> } {
  const input = generateNetwork({
    seed: 20260603,
    stops: Math.round(40_000 * scale),
    routes: Math.round(3_000 * scale),
    trips: Math.round(150_000 * scale),
    routeLength: [10, 30],
    bbox: BBOX,
    quirks: false,
    firstDay: dateToDayNumber(LARGE_DATE) - 7,
  });
  mkdirSync(dir, { recursive: true });
  writeNetworkAsGtfs(input, join(dir, 'gtfs'));
  writeGridOsm(join(dir, 'grid.osm'), input);
  writeFileSync(join(dir, 'region.json'), JSON.stringify(regionJson(), null, 1));
  return { stops: input.stops.map((s) => ({ lat: s.lat, lon: s.lon })) };
}

/** A street grid over the bounding box, plus a spur from every stop to its grid corner. */
function writeGridOsm(path: string, input: TimetableInput): void {
  const [south, west, north, east] = BBOX;
  const dLat = GRID_KM / 111.2;
  const dLon = GRID_KM / (111.2 * Math.cos((((south + north) / 2) * Math.PI) / 180));
  const rows = Math.ceil((north - south) / dLat) + 1;
  const cols = Math.ceil((east - west) / dLon) + 1;
  const fd = openSync(path, 'w');
  let buf: string[] = ['<?xml version="1.0"?><osm version="0.6">'];
  const flush = (force = false) => {
    if (force || buf.length > 20_000) {
      writeSync(fd, buf.join('\n'));
      buf = [];
    }
  };
  const gridId = (r: number, c: number) => 1 + r * cols + c;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      buf.push(
        `<node id="${gridId(r, c)}" lat="${(south + r * dLat).toFixed(6)}" lon="${(west + c * dLon).toFixed(6)}"/>`,
      );
      flush();
    }
  }
  const stopBase = rows * cols + 1;
  input.stops.forEach((s, i) => {
    buf.push(`<node id="${stopBase + i}" lat="${s.lat.toFixed(6)}" lon="${s.lon.toFixed(6)}"/>`);
    flush();
  });
  let wayId = 1;
  const way = (refs: number[], highway: string) => {
    buf.push(
      `<way id="${wayId++}">${refs.map((r) => `<nd ref="${r}"/>`).join('')}<tag k="highway" v="${highway}"/></way>`,
    );
    flush();
  };
  for (let r = 0; r < rows; r++)
    way(
      Array.from({ length: cols }, (_, c) => gridId(r, c)),
      r % 10 === 0 ? 'primary' : 'unclassified',
    );
  for (let c = 0; c < cols; c++)
    way(
      Array.from({ length: rows }, (_, r) => gridId(r, c)),
      c % 10 === 0 ? 'primary' : 'unclassified',
    );
  input.stops.forEach((s, i) => {
    const r = Math.min(rows - 1, Math.max(0, Math.round((s.lat - south) / dLat)));
    const c = Math.min(cols - 1, Math.max(0, Math.round((s.lon - west) / dLon)));
    way([stopBase + i, gridId(r, c)], 'service');
  });
  buf.push('</osm>');
  flush(true);
  closeSync(fd);
}

function regionJson(): unknown {
  const [south, west, north, east] = BBOX;
  const square = {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
  return {
    schemaVersion: 1,
    id: 'generated-large',
    name: 'Generated large network (synthetic)',
    demo: true,
    timeZone: 'UTC',
    currency: 'GBP',
    bbox: { minLat: south, minLon: west, maxLat: north, maxLon: east },
    map: { centre: { lat: (south + north) / 2, lon: (west + east) / 2 }, zoom: 7 },
    feeds: [{ id: 'gen', name: 'Generated', path: 'gtfs' }],
    osm: { path: 'grid.osm' },
    operators: [
      {
        id: 'gen',
        name: 'Generated Buses',
        modes: ['bus'],
        gtfsAgencies: [{ feedId: 'gen', agencyId: 'A' }],
        paymentMethods: ['cash'],
      },
    ],
    taxi: {
      operators: [
        {
          id: 'taxi',
          name: 'Generated Taxis',
          phone: '01000 000000',
          area: { kind: 'polygon', polygon: square },
        },
      ],
      tariff: {
        flagFallPence: 300,
        perMilePence: 200,
        perMinuteWaitingPence: 40,
        night: { from: '22:00', to: '06:00', upliftPercent: 50 },
        holidayUpliftPercent: 50,
      },
    },
    carClub: { providers: [], bays: [] },
    flexibleServices: [],
    fares: {
      rules: [
        {
          id: 'bus',
          kind: 'distance',
          description: 'Bus fares by distance',
          appliesTo: { modes: ['bus'] },
          concessionsFree: true,
          bands: [
            { upToKm: 5, singlePence: 200, returnPence: 350 },
            { upToKm: 50, singlePence: 600, returnPence: 1000 },
          ],
        },
      ],
      concessions: {
        nationalEntitlementCard: { freeModes: ['bus'], description: 'Free bus travel' },
        youngScot: { under22FreeModes: ['bus'], railDiscountPercent: 50 },
        railcards: [],
      },
    },
    ownCar: {
      runningCostPerMilePence: 20,
      parking: { defaultPerHourPence: 150, maxPerDayPence: 800, stationParkAndRideFree: true },
    },
  };
}

/** Search ends: random pairs of stops 5–60 km apart, moved a few hundred metres off the stop. */
export function pickLargePairs(
  stops: Array<{ lat: number; lon: number }>,
  count: number,
): Array<[{ lat: number; lng: number }, { lat: number; lng: number }]> {
  const rnd = makeRandom(7);
  const pairs: Array<[{ lat: number; lng: number }, { lat: number; lng: number }]> = [];
  const jitter = () => (rnd() - 0.5) * 0.004;
  for (let tries = 0; pairs.length < count && tries < count * 100; tries++) {
    const a = stops[Math.floor(rnd() * stops.length)];
    const b = stops[Math.floor(rnd() * stops.length)];
    if (!a || !b) continue;
    const km = Math.hypot((a.lat - b.lat) * 111.2, (a.lon - b.lon) * 64);
    if (km < 5 || km > 60) continue;
    pairs.push([
      { lat: a.lat + jitter(), lng: a.lon + jitter() },
      { lat: b.lat + jitter(), lng: b.lon + jitter() },
    ]);
  }
  return pairs;
}
