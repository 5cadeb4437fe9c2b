import type { PlannedLeg } from '../journeys/model.ts';
import { legEndSec } from '../journeys/model.ts';
import { buildStreetChain, buildStreetStep } from '../modes/streetStep.ts';
import { serviceRunsBetween } from '../modes/flexible.ts';
import { flexibleServiceOf } from '../region/regionConfig.ts';
import type { SearchContext } from './context.ts';
import { returnContext } from './context.ts';
import type { Candidate, FamilyKey } from './families/family.ts';
import { familyLabel, mirrorKey } from './families/family.ts';
import { rideTimer } from './families/flexible.ts';
import { LIFT_DIRECT_M } from './families/lift.ts';
import { TAXI_DIRECT_M } from './families/taxi.ts';
import { planTransit, transitKey } from './transit/miles.ts';
import type { TransitFamily } from './transit/miles.ts';
import { searchFamilies, searchFamily } from './transit/search.ts';
import { stopPlace } from './transitSteps.ts';

/** Return legs want the first way home, so their range is short. */
const RETURN_WINDOW_SEC = 30 * 60;

/**
 * Return legs of one search, leaving the destination at or after `startSec`, following each
 * candidate's rule (families/family.ts ReturnRule): a direct mode returns the same way; a car or
 * bike left at a station is collected there; everything else returns by public transport (the
 * mirror family first, then walking to the stop), else door to door by its fallback.
 * Searches shared by several candidates run once, and the vehicles of `asked` (the candidates whose
 * way back will be asked) are collected from all their stations by one router run.
 */
export function returnPlanner(
  ctx: SearchContext,
  startSec: number,
  asked: readonly Candidate[],
): (c: Candidate) => PlannedLeg | undefined {
  const back = returnContext(ctx, startSec);
  const { data } = ctx;
  const cache = new Map<string, PlannedLeg | null>();
  const publicCache = new Map<string, PlannedLeg[]>();
  let transit: ReturnType<typeof planTransit> | undefined;
  const transitPlan = () => (transit ??= planTransit(back));
  const once = (key: string, make: () => PlannedLeg | undefined): PlannedLeg | undefined => {
    if (!cache.has(key)) cache.set(key, make() ?? null);
    return cache.get(key) ?? undefined;
  };

  const sameWay = (c: Candidate): PlannedLeg | undefined => {
    // Retrace the outbound steps in reverse order, same modes (car club back to its bay).
    const parts = [...c.leg.steps].reverse().map((s) => ({
      type: s.type,
      from: s.to,
      to: s.from,
      extra: {
        ...(s.flexibleServiceId ? { flexibleServiceId: s.flexibleServiceId } : {}),
        ...(s.carClubProviderId ? { carClubProviderId: s.carClubProviderId } : {}),
        ...(s.bikeHirePlanId ? { bikeHirePlanId: s.bikeHirePlanId } : {}),
      },
    }));
    const key = `same:${parts.map((p) => `${p.type}@${p.from.lat},${p.from.lon}`).join('/')}`;
    return once(key, () => {
      const leg = buildStreetChain(data.streets, parts, { startSec });
      if (!leg) return undefined;
      // Flexible services are re-timed at their own speed and must run then.
      for (const s of leg.steps) {
        const svc = flexibleServiceOf(data.region, s.flexibleServiceId);
        if (!svc) continue;
        const timed = buildStreetStep(
          data.streets,
          svc.kind,
          s.from,
          s.to,
          { startSec: s.startSec },
          { flexibleServiceId: svc.id },
          rideTimer(svc),
        );
        if (!timed || !serviceRunsBetween(svc, data.region.timeZone, timed.startSec, timed.endSec))
          return undefined;
        Object.assign(s, timed);
      }
      return leg;
    });
  };

  /**
   * Collecting a vehicle: walk to a stop, ride to the station, then drive or cycle home; the
   * earliest arrival home in the window.
   */
  type Vehicle = { type: 'own car' | 'cycle'; stop: number };
  const vehicleKey = ({ type, stop }: Vehicle) => `vehicle:${type}:${stop}`;
  const collectHome = ({ type, stop }: Vehicle): TransitFamily | undefined => {
    const station = stopPlace(data, stop);
    const home = buildStreetStep(data.streets, type, station, back.destination, { startSec: 0 });
    const walk = transitPlan().walkOut;
    if (!home || !walk) return undefined;
    return {
      first: walk,
      last: {
        mile: type === 'cycle' ? 'bike & ride' : 'park & ride',
        vehicle: type,
        legs: [{ stopIdx: stop, durationSec: home.endSec - home.startSec, mode: type }],
        detail: () => ({ type }),
      },
      windowSec: RETURN_WINDOW_SEC,
    };
  };
  /** The public families a way back tries, in order: the mirror of the way out, then walking. */
  const publicOrder = (prefer: FamilyKey): TransitFamily[] => {
    const mirror = familyLabel(mirrorKey(prefer));
    const families = transitPlan().families.filter((f) => !f.first.vehicle && !f.last.vehicle);
    const label = (f: TransitFamily) => familyLabel(transitKey(f));
    const isWalk = (f: TransitFamily) => f.first.mile === 'walk' && f.last.mile === 'walk';
    return [...families.filter((f) => label(f) === mirror && !isWalk(f)), ...families.filter(isWalk)];
  };
  /**
   * Searches `fams` together (transit/search.ts searchFamilies: one router run per first mile)
   * with each vehicle's collection, whose earliest leg home goes into the cache.
   */
  const searchWith = (vehicles: readonly Vehicle[], fams: readonly TransitFamily[]) => {
    const homes = vehicles.map((v) => ({ v, fam: collectHome(v) }));
    const all = [...homes.flatMap((h) => (h.fam ? [h.fam] : [])), ...fams];
    const found = all.length ? searchFamilies(back, all, RETURN_WINDOW_SEC) : [];
    for (const { v, fam } of homes) {
      const at = fam ? all.indexOf(fam) : -1;
      cache.set(vehicleKey(v), at < 0 ? null : earliest(found[at]!.map((f) => f.leg)));
    }
  };
  /**
   * Before the first way back: the searches the ways back of `asked` will surely run, together
   * (the walk from the destination to the stops is the first mile of most of them): every
   * vehicle's collection and each public way back's first choice. The public families' routes
   * are kept in the context (ctx.routes), where byPublic's searches find them.
   */
  let searchedAsked = false;
  const searchAsked = () => {
    if (searchedAsked) return;
    searchedAsked = true;
    const vehicles = new Map<string, Vehicle>();
    const firsts = new Set<TransitFamily>();
    for (const { back: b } of asked) {
      if (b.rule === 'vehicle') vehicles.set(vehicleKey(b), { type: b.type, stop: b.stop });
      const first = b.rule === 'public' ? publicOrder(b.prefer)[0] : undefined;
      if (first) firsts.add(first);
    }
    searchWith([...vehicles.values()], [...firsts]);
  };
  const collect = (vehicle: Vehicle): PlannedLeg | undefined => {
    searchAsked();
    // A vehicle outside `asked` is searched for on its own.
    if (!cache.has(vehicleKey(vehicle))) searchWith([vehicle], []);
    return cache.get(vehicleKey(vehicle)) ?? undefined;
  };

  const byPublic = (prefer: FamilyKey, home: Candidate['back'] & { rule: 'public' }): PlannedLeg[] => {
    const key = `public:${familyLabel(prefer)}`;
    let found = publicCache.get(key);
    if (found) return found;
    searchAsked();
    found = [];
    for (const fam of publicOrder(prefer)) {
      found = searchFamily(back, fam, RETURN_WINDOW_SEC).map((f) => f.leg);
      if (found.length > 0) break;
    }
    // No public way back: door to door by the fallback mode (a lift home after kiss & ride), as
    // far as that mode is offered door to door (nobody takes a taxi 200 km home).
    const homeMaxM = home.home === 'car' ? LIFT_DIRECT_M.max : TAXI_DIRECT_M;
    if (found.length === 0 && ctx.allowed(home.home) && ctx.crowM <= homeMaxM) {
      const leg = buildStreetChain(
        data.streets,
        [{ type: home.home, from: back.origin, to: back.destination }],
        { startSec },
      );
      if (leg) found = [leg];
    }
    publicCache.set(key, found);
    return found;
  };

  return (c) => {
    if (c.back.rule === 'same') return sameWay(c);
    if (c.back.rule === 'vehicle') return collect(c.back);
    return mostAlike(c.leg, byPublic(c.back.prefer, c.back)) ?? undefined;
  };
}

/** Timed modes of a leg ('train', 'bus'), for matching a return to its outbound leg. */
const timedModes = (leg: PlannedLeg): string =>
  [...new Set(leg.steps.filter((s) => s.ride).map((s) => s.type))].sort().join(',');

const earliest = (legs: readonly PlannedLeg[]): PlannedLeg | null =>
  legs.reduce<PlannedLeg | null>((best, l) => (!best || legEndSec(l) < legEndSec(best) ? l : best), null);

/**
 * The return leg to pair with an outbound leg: the earliest arrival among those riding the same
 * kinds of vehicle (a train out comes back by train, which also allows a return ticket), else the
 * earliest arrival of all.
 */
function mostAlike(out: PlannedLeg, found: readonly PlannedLeg[]): PlannedLeg | null {
  const modes = timedModes(out);
  return earliest(found.filter((l) => timedModes(l) === modes)) ?? earliest(found);
}
