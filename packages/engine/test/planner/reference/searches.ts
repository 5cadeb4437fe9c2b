import { LARGE_DATE, pickLargePairs } from '../../../bench/planLarge.ts';
import type { LargeRegion } from '../../../bench/planLarge.ts';
import { makeRandom } from '../../../bench/transitNetwork.ts';
import { crowM, PLANNER_LIMITS } from './plannerReference.ts';
import type { Place, ReferenceRegion } from './plannerReference.ts';

/** A search: from, to, and the depart-after time 'YYYY/MM/DD HH:mm:ss'. */
export type Search = [Place, Place, string];

const p2 = (n: number) => String(n).padStart(2, '0');
/** 'YYYY/MM/DD HH:mm:00' of a UTC calendar day (ms) plus minutes of the day. */
export function searchTime(dayMs: number, minutes: number): string {
  const d = new Date(dayMs);
  return `${d.getUTCFullYear()}/${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())} ${p2(Math.floor(minutes / 60))}:${p2(minutes % 60)}:00`;
}

/**
 * Seeded searches on the demo region (generated for 22 November 2026): each end a stop some trip
 * calls at, a town or village, or a street address; three weeks of days from Monday 23 November
 * (every weekday, two weekends); leaving between 05:00 and 21:00.
 */
export function listRandomSearches(r: ReferenceRegion, count: number, seed: number): Search[] {
  const rnd = makeRandom(seed); // seeded, so a failing search can be replayed
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const { net, data } = r;
  const served = new Set(net.trips.flatMap((t) => [...t.stops]));
  const stops: Place[] = [...served].map((s) => ({
    name: net.stopNames[s] ?? '?',
    lat: net.stopLat[s]!,
    lon: net.stopLon[s]!,
  }));
  const towns: Place[] = data.places.settlements.map((s) => ({
    name: s.name ?? 'place',
    lat: s.lat,
    lon: s.lon,
  }));
  const addresses: Place[] = data.places.addresses.map((a) => ({
    name: `${a.housenumber} ${a.street ?? ''}`.trim(),
    lat: a.lat,
    lon: a.lon,
  }));
  const searches: Search[] = [];
  while (searches.length < count) {
    const from = pick(pick([stops, towns, addresses]));
    const to = pick(pick([stops, towns, addresses]));
    if (crowM(from, to) < PLANNER_LIMITS.samePlaceM) continue;
    const day = Date.UTC(2026, 10, 23) + Math.floor(rnd() * 21) * 86_400_000;
    searches.push([from, to, searchTime(day, 5 * 60 + Math.floor(rnd() * 16 * 60))]);
  }
  return searches;
}

/** The plan bench's searches on the generated large network, on its day (a Wednesday) or the weekend after, 06:00–18:00. */
export function listLargeSearches(region: LargeRegion, count: number): Search[] {
  const d = String(LARGE_DATE);
  const day = Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6)));
  const rnd = makeRandom(LARGE_DATE);
  return pickLargePairs(region, count).map(([a, b]) => [
    { name: a.name, lat: a.lat, lon: a.lon },
    { name: b.name, lat: b.lat, lon: b.lon },
    searchTime(day + [0, 3, 4][Math.floor(rnd() * 3)]! * 86_400_000, 6 * 60 + Math.floor(rnd() * 12 * 60)),
  ]);
}

/**
 * Seeded arrive-by searches on the demo region: the ends and days of listRandomSearches (same
 * seed, same places), each with a time to arrive by between 08:00 and 21:00.
 */
export function listArriveBySearches(r: ReferenceRegion, count: number, seed: number): Search[] {
  const rnd = makeRandom(seed + 1);
  return listRandomSearches(r, count, seed).map(([from, to, out]) => {
    const [y, m, d] = out.slice(0, 10).split('/').map(Number);
    return [from, to, searchTime(Date.UTC(y!, m! - 1, d!), 8 * 60 + Math.floor(rnd() * 13 * 60))];
  });
}
