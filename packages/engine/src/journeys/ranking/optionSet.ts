import type { SortKey, TravelType } from '@cairn/contracts';
import { SORT_KEYS } from '@cairn/contracts';
import type { PlannedOption, PlannedStep } from '../model.ts';
import { WALK_MPS } from '../../figures/planningFigures.ts';
import { computeSortKeys } from './sortKeys.ts';
import type { SortInputs } from './sortKeys.ts';

/*
 * The option set of a search (ADR 008): which of the candidate options a traveller is shown.
 * Options are compared only with options that ask no more of the traveller; an option goes when
 * another leaves no earlier, arrives no later, costs and emits no more, and is clearly better.
 * Then same-rides duplicates go, and each family and group is capped. At every stage the best
 * option for each of the SPEC's sort keys, and pinned options, stay; for walking and for CO2, an
 * option within the slack of the best that is clearly better takes over that protection.
 */

/** What an option asks of the traveller beyond walking and a fare. */
export type Need = 'bike' | 'car' | 'driver' | 'hire' | 'booking';

/** What a step of each travel type asks of the traveller. */
export const NEED_OF: Partial<Record<TravelType, Need>> = {
  cycle: 'bike',
  'own car': 'car',
  car: 'driver',
  taxi: 'hire',
  'car club': 'hire',
  'bike hire': 'hire',
  drt: 'booking',
  'community transport': 'booking',
};

/** The needs of an option, from the travel types of its steps (both legs). */
export function needsOf(option: PlannedOption): Set<Need> {
  const out = new Set<Need>();
  for (const leg of option.ret ? [option.depart, option.ret] : [option.depart])
    for (const s of leg.steps) {
      const need = NEED_OF[s.type];
      if (need) out.add(need);
    }
  return out;
}

/** Same rides: the trips ridden in order (empty for a street-only option). */
export function ridesOf(option: PlannedOption): string {
  return option.depart.steps
    .filter((s) => s.ride)
    .map(rideKey)
    .join('>');
}

/**
 * The rides of an option without a short ride at either end that is followed (or preceded) by a
 * long wait: a 2-minute bus to the station and then 37 minutes on the platform. An option riding
 * exactly these, reaching them another way, makes the short ride pointless. With `anyWait`, every
 * short ride at an end counts, long wait or not, and so do both ends at once (a 2-minute bus to
 * the station and a 2-minute subway at the far end): shortRidePointless then asks the walk
 * instead to be there as early.
 */
export function ridesWithoutShortEnds(option: PlannedOption, anyWait = false): string[] {
  const steps = option.depart.steps;
  const rides = steps.flatMap((s, i) => (s.ride ? [i] : []));
  if (rides.length < 2) return [];
  const waitBetween = (from: number, to: number) =>
    steps[to]!.startSec -
    steps[from]!.endSec -
    steps.slice(from + 1, to).reduce((sum, s) => sum + (s.endSec - s.startSec), 0);
  const short = (i: number) => steps[i]!.endSec - steps[i]!.startSec <= OPTION_SET.shortRideSec;
  const waits = (from: number, to: number) => anyWait || waitBetween(from, to) >= OPTION_SET.shortRideWaitSec;
  const key = (list: number[]) => list.map((i) => rideKey(steps[i]!)).join('>');
  const [first, second] = [rides[0]!, rides[1]!];
  const [beforeLast, last] = [rides.at(-2)!, rides.at(-1)!];
  const dropFirst = short(first) && waits(first, second);
  const dropLast = short(last) && waits(beforeLast, last);
  const out: string[] = [];
  if (dropFirst) out.push(key(rides.slice(1)));
  if (dropLast) out.push(key(rides.slice(0, -1)));
  if (anyWait && dropFirst && dropLast && rides.length > 2) out.push(key(rides.slice(1, -1)));
  return out;
}

/** One ride of an option as the stay-on rule compares it: the trip, where it is boarded and where left. */
export interface RideSpan {
  trip: string;
  board: string;
  alight: string;
}

/** The rides of an option (outbound), each with its boarding and alighting stop. */
export function rideSpansOf(option: PlannedOption): RideSpan[] {
  return option.depart.steps.flatMap((s) =>
    s.ride
      ? [
          {
            trip: rideKey(s),
            board: s.ride.stops[0]?.stopId ?? '',
            alight: s.ride.stops.at(-1)?.stopId ?? '',
          },
        ]
      : [],
  );
}

/**
 * What an option does, without its times: each step's travel type and, for a ride, its line as the
 * traveller reads it (the route's short name, else its long name: two HML trains may be two GTFS
 * routes) and its boarding and alighting stops, else its ends (both legs). Two options of one shape
 * are the same journey at another time (later copy).
 */
export function shapeOf(option: PlannedOption): string {
  const legs = option.ret ? [option.depart, option.ret] : [option.depart];
  return legs
    .map((leg) =>
      leg.steps
        .map((s) =>
          s.ride
            ? `${s.type}:${s.ride.feedId}:${s.ride.routeShortName || s.ride.routeLongName}:${s.ride.stops[0]?.stopId}>${s.ride.stops.at(-1)?.stopId}`
            : `${s.type}:${s.from.name}>${s.to.name}`,
        )
        .join('|'),
    )
    .join('||');
}

/** The lift or taxi an option takes to or from its rides: which, its seconds on the way out, and whether it starts the journey (partialVehicle). */
export function vehicleMileOf(option: PlannedOption): OptionScore['vehicleMile'] {
  const steps = option.depart.steps;
  if (!steps.some((s) => s.ride)) return undefined;
  const secOf = (type: 'car' | 'taxi') =>
    steps.reduce((sum, s) => (s.type === type ? sum + s.endSec - s.startSec : sum), 0);
  const lift = secOf('car');
  const taxi = secOf('taxi');
  if (lift > 0 && taxi === 0) return { family: 'lift', sec: lift, fromStart: steps[0]?.type === 'car' };
  if (taxi > 0 && lift === 0) return { family: 'taxi', sec: taxi, fromStart: steps[0]?.type === 'taxi' };
  return undefined;
}

const rideKey = (s: PlannedStep) => `${s.ride?.feedId}:${s.ride?.tripId}`;

/** What the option set compares between options. */
export interface OptionScore extends SortInputs {
  needs: ReadonlySet<Need>;
  rides: string;
  /** `rides` less a short ride at an end beside a long wait (ridesWithoutShortEnds), when it has one. */
  ridesWithoutShortEnds?: readonly string[];
  /**
   * `rides` less a short ride at an end, or at both, whatever the wait (ridesWithoutShortEnds with
   * anyWait). Not set on step-free searches: there the hop may spare a walk the traveller cannot make.
   */
  ridesWithoutShortHops?: readonly string[];
  /** The rides with their boarding and alighting stops (stay on board). */
  rideSpans?: readonly RideSpan[];
  /** The option without its times (shapeOf): equal shapes are one journey at two times (later copy). */
  shape?: string;
  /**
   * The most walking an option may add in place of that short ride (step-free searches: the ride may
   * spare a walk the traveller cannot make further); unbounded when absent.
   */
  shortRideWalkLimitM?: number;
  /** A lift or a taxi to or from the rides: which, and its seconds on the way out (partialVehicle). */
  vehicleMile?: { family: 'lift' | 'taxi'; sec: number; fromStart: boolean };
  /** Diversity group: the option's family ('walk', 'transit taxi+walk'). */
  family: string;
  /** A wider group capped as a whole (all lifts), see OPTION_SET.groupCaps. */
  group?: string;
  /** Never removed (walking alone under the walking limit). */
  pinned?: boolean;
  /** Street modes only, no timetable or booking: it can leave whenever the traveller likes. */
  onDemand?: boolean;
  /** Arrive-by: it arrives after the time searched for (inside the buffer, or the next public transport after it). */
  late?: boolean;
  /** Step-free searches: the option's step-free summary (planner/stepFreeOptions.ts). */
  stepFree?: 'yes' | 'no' | 'unknown';
}

/** The option set's rules in numbers (ADR 008 gives the reasons). */
export const OPTION_SET = {
  /** Time saved (leaving later plus arriving earlier) that makes an option clearly better. */
  clearlyFasterSec: 10 * 60,
  /** Cost saved that makes an option clearly better: the larger of these. */
  clearlyCheaperPence: 100,
  clearlyCheaperShare: 0.2,
  /** Emissions within this share (and this many kg) count as no more. */
  co2Share: 0.1,
  co2Kg: 0.2,
  /** More emissions than that count as similar when at most this share and this many kg more… */
  co2SlackShare: 0.5,
  co2SlackKg: 1,
  /** …and the option saves at least this much time (leaving later plus arriving earlier). */
  co2SlackSavedSec: 30 * 60,
  /**
   * CO2 this close counts as the same on the lowest-CO2 key and in its ties (co2Negligible): the
   * larger of an absolute and a relative tolerance, both our own judgement. Absolute, because short
   * trips emit little: 50 g is about 400 m of local bus (DESNZ 2025, 0.125 kg per passenger-km) and
   * under 2 km of tram. Relative, because long trips differ by more than that for nothing: boarding
   * the same line a stop further on, or a slightly other path, moves a ride's distance by a few per
   * cent, and the factors are national averages per passenger-km, not this vehicle's load. RNV
   * Paradeplatz → Hauptbahnhof kept the same tram 5 boarded at Marktplatz, 77 m more walking, as
   * the lowest CO2 for 0.52 kg against 0.53.
   */
  co2TieKg: 0.05,
  co2TieShare: 0.05,
  /** Waiting less by at most this is not worth keeping an option for (the least-waiting protection). */
  waitSlackSec: 5 * 60,
  /** More walking than this is never "no more walking"… */
  walkSlackM: 200,
  /** …unless the time saved outweighs the extra walk, each walking minute counting this many. */
  walkReluctance: 2,
  /**
   * An option on demand that is there first removes another only when it takes at most the larger
   * of these: a long walk or ride is no substitute for public transport (a 48-minute walk does not
   * remove a 7-minute bus).
   */
  thereFirstMaxSec: 20 * 60,
  thereFirstShare: 2,
  /** Beyond the walk slack, least walking stays protected unless the other saves this much time… */
  walkFarSavedSec: 60 * 60,
  /** …is clearly cheaper, and walks at most this much more. */
  walkFarM: 1_000,
  /** A lift all the way removes a collection at the far end only when it drives at most this much longer. */
  partialLiftMoreSec: 30 * 60,
  /** …or when it is this much quicker door to door. */
  partialLiftSavedSec: 60 * 60,
  /** A ride this short… */
  shortRideSec: 5 * 60,
  /** …with at least this long a wait between it and the next ride is worth walking instead. */
  shortRideWaitSec: 10 * 60,
  /**
   * Changing off a ride that goes on to the destination (or onto one the traveller could board at
   * the start) is not worth arriving this much sooner or leaving this much later. Our own
   * judgement: Carrbridge → Kingussie by 09:30 changed off bus 32 at Grampian Road, after 2
   * minutes, for a coach there one minute before the same bus.
   */
  stayOnSec: 5 * 60,
  /**
   * A step-free traveller walks (or wheels) at most this much more, on a route labelled step-free,
   * instead of such a ride. Our own judgement: Kingussie station to the High Street, 356 m more,
   * beside an 18-minute wait for a 1-minute bus 32 (issue #27's follow-up).
   */
  stepFreeShortRideWalkM: 400,
  /**
   * Depart-after: an option may leave earlier than the other by up to this share of how much
   * earlier it arrives, and at most this long, and still remove it (a coach at 15:38 there at
   * 17:37 removes trains at 16:16 there at 19:37 for more money). Arrive-by, the mirror: it may
   * arrive later by up to this share of how much later it leaves (by 13:30, buses at 10:24 there
   * at 12:07 remove buses and a train at 08:24 there at 11:17 for the same fare).
   */
  leaveEarlierShare: 0.5,
  leaveEarlierMaxSec: 60 * 60,
  /**
   * Depart-after: an option there this much sooner removes one leaving later, unless the later is
   * clearly cheaper, changes or emits less, asks less or is more step-free (much sooner). Our own
   * judgement, the half hour `co2SlackSavedSec` also asks: nobody who asked to leave at 09:00 waits
   * until 09:37 to be there 52 minutes later for 10p (Nethy Bridge → Kingussie).
   */
  muchSoonerSec: 30 * 60,
  /** Same rides with more needs: the leaner option may leave this much earlier and still win. */
  sameRidesLeaveEarlierSec: 15 * 60,
  /** Leaving this close to an option on the same rides, one walking less takes over its protections. */
  sameRidesMomentSec: 60,
  /**
   * A vehicle to or from a stop (taxi, lift, own car, bike) goes beside public transport that
   * reaches the same rides asking no more and costing no more, leaving at most this much earlier
   * and arriving at most this much later: the tram to the airport's train beside a taxi to it.
   */
  feederSlackSec: 15 * 60,
  perFamily: 3,
  max: 12,
  groupCaps: { lift: 2 } as Readonly<Record<string, number>>,
};

const subset = (a: ReadonlySet<Need>, b: ReadonlySet<Need>): boolean => [...a].every((n) => b.has(n));

/**
 * A removes B (ADR 008 rule 8): A asks no more of the traveller, costs no more (an unknown cost
 * removes nothing), changes no more, and neither leaves earlier nor arrives later than B beyond
 * the slack `leaveEarlierShare` allows (depart-after: leaving a little earlier to arrive much
 * earlier; arrive-by, the mirror); it emits no more (or a little more and saves half an hour),
 * walks at most `walkSlackM` more (or saves more time than the extra walk is worth), and is
 * clearly better: `clearlyFasterSec` saved, fewer changes with no more walking, or clearly
 * cheaper. An option on demand (street modes) is compared as if it left when the other does; one
 * that is there before the other sets off (and takes no more than `thereFirstMaxSec` or
 * `thereFirstShare` of B's time) removes it unless B is clearly cheaper or A emits more.
 */
export function clearlyBetter(option: OptionScore, b: OptionScore, arriveBy = false): boolean {
  return beats(option, b, arriveBy) !== undefined;
}

/** The dominance rule by which `option` removes `b` ('there first' or 'clearly beaten'), if any. */
function beats(option: OptionScore, b: OptionScore, arriveBy = false): OptionSetRule | undefined {
  if (option.onDemand && (option.arriveSec <= b.departSec || option.departSec >= b.arriveSec))
    return arrivesFirst(option, b) ? 'there first' : undefined;
  if (option.onDemand && noLaterNoLonger(option, b, arriveBy) && arrivesFirst(option, b))
    return 'there first';
  return dominates(option, b, arriveBy) ? 'clearly beaten' : undefined;
}

/**
 * An option on demand as planned is there no later than the other (arrive-by: leaves no earlier),
 * and the time it spends on the way beyond the other's is at most what it gains: an 11-minute walk
 * there at 09:16 beside a bus at 09:15 there at 09:25 (issue #27's follow-up). Setting off when the
 * other does, the walk would arrive a minute later, so dominance alone kept the bus.
 */
function noLaterNoLonger(a: OptionScore, b: OptionScore, arriveBy: boolean): boolean {
  const gainedSec = arriveBy ? a.departSec - b.departSec : b.arriveSec - a.arriveSec;
  const longerSec = a.arriveSec - a.departSec - (b.arriveSec - b.departSec);
  return gainedSec >= 0 && longerSec <= gainedSec;
}

/** Dominance with slack (ADR 008 rule 8), an option on demand leaving when the other does. */
function dominates(option: OptionScore, b: OptionScore, arriveBy: boolean): boolean {
  // An option on demand (walk, cycle, drive, taxi) leaves when the other does.
  const a = option.onDemand
    ? { ...option, departSec: b.departSec, arriveSec: b.departSec + option.arriveSec - option.departSec }
    : option;
  if (!subset(a.needs, b.needs)) return false;
  const costs = comparableCosts(a.costPence, b.costPence);
  if (!costs) return false;
  const [costA, costB] = costs;
  // Depart-after: leaving a little earlier to arrive much earlier is no loss. Arrive-by, the
  // mirror: arriving a little later (still in time) to leave much later is no loss, for the
  // latest departure is what the traveller asked for.
  const earlierOkSec = arriveBy
    ? 0
    : Math.min(OPTION_SET.leaveEarlierMaxSec, (b.arriveSec - a.arriveSec) * OPTION_SET.leaveEarlierShare);
  const laterOkSec = arriveBy
    ? Math.min(OPTION_SET.leaveEarlierMaxSec, (a.departSec - b.departSec) * OPTION_SET.leaveEarlierShare)
    : 0;
  const sooner = soonerAndCheaper(a, b, arriveBy);
  const noWorse =
    (sooner ||
      (a.departSec >= b.departSec - Math.max(0, earlierOkSec) &&
        a.arriveSec <= b.arriveSec + Math.max(0, laterOkSec))) &&
    costA <= costB &&
    a.changes <= b.changes;
  if (!noWorse) return false;
  const savedSec = a.departSec - b.departSec + (b.arriveSec - a.arriveSec);
  if (!emitsNoMore(a.carbonKg, b.carbonKg, sooner ? OPTION_SET.co2SlackSavedSec : savedSec)) return false;
  const extraWalkSec = ((a.walkM - b.walkM) / WALK_MPS) * OPTION_SET.walkReluctance;
  if (a.walkM > b.walkM + OPTION_SET.walkSlackM && savedSec < OPTION_SET.clearlyFasterSec + extraWalkSec)
    return false;
  return (
    savedSec >= OPTION_SET.clearlyFasterSec ||
    (a.changes < b.changes && a.walkM <= b.walkM) ||
    clearlyCheaper(costA, costB)
  );
}

/**
 * Two prices as numbers to compare: an unknown price is dearer than any known one, and two
 * unknown prices are equal (a feed with no fare files prices nothing: NYC's, RNV's and the Isle
 * of Wight's options were never compared, so a 3-change ride to the same train stayed beside the
 * direct one); undefined when `a` is unknown and `b` is not.
 */
function comparableCosts(a: number | null, b: number | null): [number, number] | undefined {
  if (a === null) return b === null ? [0, 0] : undefined;
  return [a, b ?? Infinity];
}

/**
 * Sooner and cheaper: A is there at least `co2SlackSavedSec` sooner (arrive-by: leaves that much
 * later), is no longer on the way and is clearly cheaper. Then leaving earlier (arrive-by: arriving
 * later) is no loss, and a little more CO2 (within the slack) does not keep B: step-free Aviemore
 * → Newtonmore kept a walk, a train and a taxi there 51 minutes after the direct bus, at 2.3×
 * its fare, for 0.55 kg less (issue #27's follow-up).
 */
function soonerAndCheaper(a: OptionScore, b: OptionScore, arriveBy: boolean): boolean {
  const soonerSec = arriveBy ? a.departSec - b.departSec : b.arriveSec - a.arriveSec;
  return (
    a.costPence !== null &&
    soonerSec >= OPTION_SET.co2SlackSavedSec &&
    a.arriveSec - a.departSec <= b.arriveSec - b.departSec &&
    clearlyCheaper(a.costPence, b.costPence ?? Infinity)
  );
}

/** `cost` is clearly cheaper than `than`: by at least `clearlyCheaperPence` and `clearlyCheaperShare` of it. */
function clearlyCheaper(cost: number, than: number): boolean {
  return than - cost >= Math.max(OPTION_SET.clearlyCheaperPence, than * OPTION_SET.clearlyCheaperShare);
}

/**
 * Emissions `a` count as no more than `b`: within the CO2 margin, or within the CO2 slack when
 * the option saves at least `co2SlackSavedSec`. Nobody waits an hour and asks for a lift to save
 * less than a kilogram against a direct bus.
 */
function emitsNoMore(a: number, b: number, savedSec: number): boolean {
  if (a <= b * (1 + OPTION_SET.co2Share) + OPTION_SET.co2Kg) return true;
  return savedSec >= OPTION_SET.co2SlackSavedSec && a <= co2SlackOf(b);
}

/** Two CO2 figures differ by a negligible amount: within `co2TieKg` or `co2TieShare` of the lower, whichever is larger. */
export function co2Negligible(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(OPTION_SET.co2TieKg, Math.min(a, b) * OPTION_SET.co2TieShare);
}

/** The most CO2 that counts as similar to `kg` for an option that saves enough time. */
export function co2SlackOf(kg: number): number {
  return Math.min(kg * (1 + OPTION_SET.co2SlackShare), kg + OPTION_SET.co2SlackKg);
}

/**
 * An option on demand that is there before the other sets off (depart-after), or sets off after
 * the other is there (arrive-by): the traveller would not wait for the other, unless it is clearly
 * cheaper or greener, or asks less.
 */
function arrivesFirst(a: OptionScore, b: OptionScore): boolean {
  if (a.costPence === null || !subset(a.needs, b.needs)) return false;
  const bound = Math.max(
    OPTION_SET.thereFirstMaxSec,
    OPTION_SET.thereFirstShare * (b.arriveSec - b.departSec),
  );
  if (a.arriveSec - a.departSec > bound) return false;
  return (
    !clearlyCheaper(b.costPence ?? Infinity, a.costPence) &&
    a.carbonKg <= b.carbonKg * (1 + OPTION_SET.co2Share) + OPTION_SET.co2Kg
  );
}

/**
 * A short ride beside a long wait, where the traveller could walk: A removes B when A rides B's
 * rides less that short one, asks and costs no more (both unknown counts as equal), and leaves and arrives within the short
 * ride's length of it (a 15-minute walk arriving 2 minutes later than an 11-minute wait and a
 * 2-minute bus). A short hop at an end with little waiting (B's `ridesWithoutShortHops`) goes too
 * when A walks instead and is there as early (arrive-by: leaves as late), leaving at most the
 * short ride's length earlier (arrive-by: arriving at most that later): Pitlochry → Glasgow
 * offered the train and a 2-minute subway, a change and £1.80 more, beside the same train and a
 * walk there at the same minute.
 */
export function shortRidePointless(a: OptionScore, b: OptionScore, arriveBy = false): boolean {
  return shortRideRule(a, b, arriveBy) !== undefined;
}

/** Which short-ride rule lets A remove B (shortRidePointless), if one does. */
function shortRideRule(a: OptionScore, b: OptionScore, arriveBy: boolean): OptionSetRule | undefined {
  if (a.rides === '') return undefined;
  const longWait = b.ridesWithoutShortEnds?.includes(a.rides) === true;
  const hop = b.ridesWithoutShortHops?.includes(a.rides) === true;
  if (!longWait && !hop) return undefined;
  // Both unpriced (a fare beyond the region, a feed without fares) is the same unknown fare less
  // the short ride's: Kingussie → Fort William kept a 1-minute bus and 74 minutes at the station.
  const costs = comparableCosts(a.costPence, b.costPence);
  if (costs === undefined || costs[0] > costs[1] || !subset(a.needs, b.needs)) return undefined;
  const slack = OPTION_SET.shortRideSec;
  if (
    longWait &&
    a.departSec >= b.departSec - slack &&
    a.arriveSec <= b.arriveSec + slack &&
    a.walkM - b.walkM <= (b.shortRideWalkLimitM ?? Infinity)
  )
    return 'short ride, long wait';
  const asEarly = arriveBy
    ? !a.late && a.departSec >= b.departSec && a.arriveSec <= b.arriveSec + slack
    : a.arriveSec <= b.arriveSec && a.departSec >= b.departSec - slack;
  return hop && asEarly ? 'short hop' : undefined;
}

/** The same ride: one trip, boarded and left at the same stops. */
function sameSpan(p: RideSpan, q: RideSpan): boolean {
  return p.trip === q.trip && p.board === q.board && p.alight === q.alight;
}

/**
 * Stay on board (`stay on board`): B changes off a ride that A, riding otherwise the same, stays
 * on to the end (or B rides to a ride A boards at the start). A removes B when it asks and costs
 * no more, walks no more within the walk slack, is no less step-free, and leaves and arrives
 * within `stayOnSec` of B. Carrbridge → Kingussie by 09:30: bus 32 for 2 minutes to Grampian Road
 * and a coach there at 08:40, beside the same bus 32 staying on to 08:41, cheaper and no change.
 * The CO2 of the coach's share is not weighed: the traveller is on a bus that goes there anyway.
 */
function stayOnBoard(a: OptionScore, b: OptionScore): boolean {
  const [x, y] = [a.rideSpans, b.rideSpans];
  if (!x?.length || !y || x.length >= y.length) return false;
  const n = x.length;
  const k = y.length - n;
  // A is B's rides with the later ones cut, the last shared ride left further on…
  const staysOn =
    x.every((r, i) => i === n - 1 || sameSpan(r, y[i]!)) &&
    x[n - 1]!.trip === y[n - 1]!.trip &&
    x[n - 1]!.board === y[n - 1]!.board &&
    x[n - 1]!.alight !== y[n - 1]!.alight;
  // …or with the earlier ones cut, the first shared ride boarded further back.
  const boardsFirst =
    x.every((r, i) => i === 0 || sameSpan(r, y[k + i]!)) &&
    x[0]!.trip === y[k]!.trip &&
    x[0]!.alight === y[k]!.alight &&
    x[0]!.board !== y[k]!.board;
  if (!staysOn && !boardsFirst) return false;
  const costs = comparableCosts(a.costPence, b.costPence);
  const slack = OPTION_SET.stayOnSec;
  return (
    costs !== undefined &&
    costs[0] <= costs[1] &&
    subset(a.needs, b.needs) &&
    !a.late &&
    a.walkM <= b.walkM + OPTION_SET.walkSlackM &&
    stepFreeRank(a) <= stepFreeRank(b) &&
    a.departSec >= b.departSec - slack &&
    a.arriveSec <= b.arriveSec + slack
  );
}

/**
 * A later copy (`later copy`): B is A's journey at another time, further from the time asked (the
 * same family, steps, routes and stops; ADR 008 rule 9). A removes B when it costs no more and is
 * there first (arrive-by: leaves later, still in time). Boat of Garten → Kingussie at 08:15 listed
 * the bike hire and train at 08:57 and again at 10:47, and bus 34 and the train at 08:35 and again
 * at 10:35. The results page has no "later options" list; the traveller changes the time instead.
 */
function laterCopy(a: OptionScore, b: OptionScore, arriveBy = false): boolean {
  if (a.shape === undefined || a.shape !== b.shape || a.family !== b.family || a.late) return false;
  const costs = comparableCosts(a.costPence, b.costPence);
  return (
    costs !== undefined &&
    costs[0] <= costs[1] &&
    (arriveBy ? a.departSec > b.departSec : a.arriveSec < b.arriveSec)
  );
}

/**
 * A partial lift (or taxi): a lift to or from a stop and rides between, when the lift all the way
 * (A) takes no longer door to door and costs no more. Someone already driving the traveller 13
 * minutes to a train can drive the 31 minutes to the door; the CO2 the train saves does not keep
 * it. Being collected at the far end is the same favour only when the lift all the way drives at
 * most `partialLiftMoreSec` more, or saves `partialLiftSavedSec`: 9 minutes from Aberdeen station
 * after 100 minutes of bus 201 is not an hour's lift from Ballater, but 4 hours of buses and trains
 * to be collected at Aviemore is no match for 54 minutes' lift from Dufftown. A taxi all the way that is there sooner for no more money removes a tram and a taxi
 * from its stop.
 */
export function partialVehicle(a: OptionScore, b: OptionScore): boolean {
  const mile = b.vehicleMile;
  return (
    mile !== undefined &&
    a.family === mile.family &&
    b.rides !== '' &&
    a.costPence !== null &&
    subset(a.needs, b.needs) &&
    a.costPence <= (b.costPence ?? Infinity) &&
    a.arriveSec - a.departSec <= b.arriveSec - b.departSec &&
    (mile.family !== 'lift' ||
      mile.fromStart ||
      a.arriveSec - a.departSec <= mile.sec + OPTION_SET.partialLiftMoreSec ||
      b.arriveSec - b.departSec - (a.arriveSec - a.departSec) >= OPTION_SET.partialLiftSavedSec)
  );
}

/**
 * A vehicle mile replaced by public transport: B reaches its rides with a vehicle (taxi, lift, own
 * car, bike), A rides other trips to reach the same rides (or leaves them to other trips), asks
 * less, costs and walks no more (within the walk slack), and its door times are within
 * `feederSlackSec` of B's. Nobody takes a taxi from the airport to the station the tram reaches in
 * time for the same train (issue #27).
 */
export function publicTransportFeeder(a: OptionScore, b: OptionScore): boolean {
  if (a.rides === '' || b.rides === '' || a.rides === b.rides || a.costPence === null) return false;
  if (!a.rides.endsWith(`>${b.rides}`) && !a.rides.startsWith(`${b.rides}>`)) return false;
  const slack = OPTION_SET.feederSlackSec;
  return (
    subset(a.needs, b.needs) &&
    a.needs.size < b.needs.size &&
    a.costPence <= (b.costPence ?? Infinity) &&
    a.walkM <= b.walkM + OPTION_SET.walkSlackM &&
    a.departSec >= b.departSec - slack &&
    a.arriveSec <= b.arriveSec + slack &&
    a.arriveSec - a.departSec <= b.arriveSec - b.departSec + slack
  );
}

/**
 * The same trips reached another way that asks more: A removes B when they ride the same trips,
 * A asks no more, costs no more (both unknown counts as equal) and leaves at most
 * `sameRidesLeaveEarlierSec` earlier.
 */
export function sameRidesLeaner(a: OptionScore, b: OptionScore): boolean {
  if (a.rides === '' || a.rides !== b.rides) return false;
  // Both unpriced (a feed with no fare files, like RNV's) is the same unknown fare for the same
  // trips: the one walking less to the same tram stays (RNV showed the 10:16 tram twice).
  const costs = comparableCosts(a.costPence, b.costPence);
  if (!costs || !subset(a.needs, b.needs)) return false;
  const [costA, costB] = costs;
  const leaner = a.needs.size < b.needs.size || costA < costB || a.walkM < b.walkM;
  return (
    leaner &&
    costA <= costB &&
    a.arriveSec <= b.arriveSec &&
    a.departSec >= b.departSec - OPTION_SET.sameRidesLeaveEarlierSec
  );
}

/**
 * The same trips boarded a leaner way walking no more, leaving within `sameRidesMomentSec` of B:
 * seconds of travel time are no reason to keep B (RNV: a longer walk to the next stop, for the
 * same tram, left 3 s later and stayed as the shortest travel time).
 */
function sameRidesMomentsApart(a: OptionScore, b: OptionScore): boolean {
  if (!sameRidesLeaner(a, b) || Math.abs(a.departSec - b.departSec) > OPTION_SET.sameRidesMomentSec)
    return false;
  // No worse by any other key: it takes over only the seconds.
  const ka = computeSortKeys(a);
  const kb = computeSortKeys(b);
  return (
    a.walkM <= b.walkM &&
    (a.carbonKg <= b.carbonKg || co2Negligible(a.carbonKg, b.carbonKg)) &&
    a.waitSec <= b.waitSec + OPTION_SET.waitSlackSec &&
    (ka['least-changes'] ?? 0) <= (kb['least-changes'] ?? 0)
  );
}

/** The worst value of a sort key, from its best, at which an option may take over its protection. */
const KEY_TIE: Partial<Record<SortKey, (best: number) => number>> = {
  // The earliest departure does not stay for leaving first when one leaving up to an hour later is
  // clearly better (Perth → Braemar: a coach out to Pitlochry and a train back to the same train).
  'depature-time': (best) => best + OPTION_SET.leaveEarlierMaxSec,
  // Half a minute less on the platform is not worth a tram ride and a change more (Edinburgh →
  // Glasgow: the tram to St Andrew Square and a walk, beside the walk to the same train)…
  'wait-time': (best) => best + OPTION_SET.waitSlackSec,
  // …nor are a few steps less walking…
  'walk-distance': (best) => best + OPTION_SET.walkSlackM,
  // …nor is a little less CO2 (clearlyBetter then asks for the time saved).
  emissions: co2SlackOf,
};

/**
 * How much worse on a key the copy nearer the time asked may be and still take a later copy's
 * protection: minutes of travel or of waiting (up to `clearlyFasterSec`) are no reason to show the
 * same journey hours later (Pitlochry → Glasgow kept the 12:24 train, 2 minutes shorter, beside
 * the same at 09:29); other keys, their usual tie.
 */
function copyTie(key: SortKey, best: number): number {
  if (key === 'travel-time' || key === 'wait-time') return best + OPTION_SET.clearlyFasterSec;
  return (KEY_TIE[key] ?? ((v: number) => v))(best);
}

/**
 * Beyond the walk slack, the protection of least walking passes to an option that walks at most
 * `walkFarM` more when it saves at least `walkFarSavedSec` and is clearly cheaper: a trip four
 * hours slower and £19 dearer does not stay for walking 660 m less.
 */
function farWalkTakesOver(key: SortKey, s: OptionScore, best: OptionScore): boolean {
  if (key !== 'walk-distance' || s.costPence === null || best.costPence === null) return false;
  const savedSec = s.departSec - best.departSec + (best.arriveSec - s.arriveSec);
  return (
    s.walkM <= best.walkM + OPTION_SET.walkFarM &&
    savedSec >= OPTION_SET.walkFarSavedSec &&
    clearlyCheaper(s.costPence, best.costPence)
  );
}

/**
 * Of two options equal on a key and on CO2, A is nearer what the traveller asked: there earlier
 * (depart-after), or leaving later (arrive-by). Carrbridge → Kingussie by 09:30 kept the 07:01 taxi
 * and train, there at 07:37, as lowest CO2 beside the same taxi and train at 08:15.
 */
function nearerAsked(a: OptionScore, b: OptionScore, arriveBy: boolean): boolean {
  return arriveBy ? a.departSec > b.departSec : a.arriveSec < b.arriveSec;
}

/**
 * A is no later (depart-after: arrives no later; arrive-by: leaves no earlier) and costs no more
 * (a known price), and is better in one of the two.
 */
function beatsOnTimeAndPrice(a: OptionScore, b: OptionScore, arriveBy: boolean): boolean {
  if (a.costPence === null) return false;
  const costB = b.costPence ?? Infinity;
  const soonerSec = arriveBy ? a.departSec - b.departSec : b.arriveSec - a.arriveSec;
  return soonerSec >= 0 && a.costPence <= costB && (soonerSec > 0 || a.costPence < costB);
}

/**
 * Of two options equal on a key, whether A takes its protection from B: one already kept by
 * another protection first (the key needs no second option kept for it), then one not beaten on
 * time and price by the other, then less CO2 (a negligible difference counts as none), then
 * nearer what was asked. Edinburgh Airport → Haymarket kept a taxi to Edinburgh Gateway and a
 * train, there at 10:18, as least walking (0 m) for its CO2, beside a lift at 0 m there at 09:15
 * for nothing.
 */
function winsTie(
  a: OptionScore,
  b: OptionScore,
  dCo2: number,
  arriveBy: boolean,
  aKept: boolean,
  bKept: boolean,
): boolean {
  if (aKept !== bKept) return aKept;
  if (beatsOnTimeAndPrice(b, a, arriveBy)) return false;
  if (beatsOnTimeAndPrice(a, b, arriveBy)) return true;
  const sameCo2 = dCo2 === 0 || co2Negligible(a.carbonKg, b.carbonKg);
  return sameCo2 ? nearerAsked(a, b, arriveBy) : dCo2 < 0;
}

/**
 * Arrive-by: A leaves later, still in time, asking, costing, emitting, changing and walking no more
 * (within the margins). Leaving first is not what an arrive-by traveller asked for, so the earliest
 * departure and arrival protections pass to it even when dominance's time slack does not.
 */
function laterNoWorse(a: OptionScore, b: OptionScore): boolean {
  return (
    a.departSec > b.departSec &&
    a.costPence !== null &&
    a.costPence <= (b.costPence ?? Infinity) &&
    subset(a.needs, b.needs) &&
    a.changes <= b.changes &&
    a.walkM <= b.walkM + OPTION_SET.walkSlackM &&
    emitsNoMore(a.carbonKg, b.carbonKg, 0)
  );
}

/**
 * Depart-after (`much sooner`), the mirror of arrive-by's `later, still in time`: of two options
 * after the time asked, the traveller takes the one there much sooner unless the other differs in
 * something that matters. A removes B when A is there at least `muchSoonerSec` sooner, is on the
 * way at most `clearlyFasterSec` longer, asks, changes and emits no more (within the CO2 margin),
 * is no less step-free, B is not clearly cheaper, and A walks at most the walk slack more, or at
 * most `walkFarM` more (step-free: `stepFreeShortRideWalkM`) when its extra walking, each minute
 * counting `walkReluctance`, and `clearlyFasterSec` are no more than the time it gains. Options on
 * demand are left to dominance, which compares them as leaving whenever the traveller likes.
 * Nethy Bridge → Kingussie at 09:00 kept a taxi and bus 32 at 09:37, there at 10:41, beside the
 * taxi and train at 09:01, there at 09:49, for 10p more; Boat of Garten → Kingussie at 08:15 kept
 * bus 34 and the M91 there at 11:40 beside bus 34 and the train there at 09:49, for 60p and 355 m
 * of walking less.
 */
export function muchSooner(a: OptionScore, b: OptionScore): boolean {
  const soonerSec = b.arriveSec - a.arriveSec;
  if (a.onDemand || b.onDemand || a.late || soonerSec < OPTION_SET.muchSoonerSec) return false;
  const costs = comparableCosts(a.costPence, b.costPence);
  if (!costs || clearlyCheaper(costs[1], costs[0])) return false;
  const extraWalkSec = ((a.walkM - b.walkM) / WALK_MPS) * OPTION_SET.walkReluctance;
  // A step-free traveller walks (or wheels) no further than the short-ride rule asks of them.
  const walkMoreM = Math.min(OPTION_SET.walkFarM, b.shortRideWalkLimitM ?? Infinity);
  const walkOk =
    a.walkM <= b.walkM + OPTION_SET.walkSlackM ||
    (a.walkM <= b.walkM + walkMoreM && OPTION_SET.clearlyFasterSec + extraWalkSec <= soonerSec);
  return (
    walkOk &&
    subset(a.needs, b.needs) &&
    a.changes <= b.changes &&
    emitsNoMore(a.carbonKg, b.carbonKg, 0) &&
    stepFreeRank(a) <= stepFreeRank(b) &&
    a.arriveSec - a.departSec <= b.arriveSec - b.departSec + OPTION_SET.clearlyFasterSec
  );
}

/** How step-free an option is known to be, for comparing two (0 is best); unlabelled counts as unknown. */
const stepFreeRank = (s: OptionScore): number => (s.stepFree === 'yes' ? 0 : s.stepFree === 'no' ? 2 : 1);

/**
 * Arrive-by (`later, still in time`): of two options that both arrive in time, the traveller takes
 * the one that lets them leave later, unless the earlier differs in something that matters. A
 * removes B when A leaves later, arrives by the time searched for, and is no worse in what
 * laterNoWorse weighs (needs, fare, CO2, changes, walking) nor less step-free. Pitlochry →
 * Inverness by 13:00 kept the 09:22 train beside the same train at 10:26 for the same fare.
 */
export function laterStillInTime(a: OptionScore, b: OptionScore): boolean {
  return !a.late && !a.onDemand && !b.onDemand && stepFreeRank(a) <= stepFreeRank(b) && laterNoWorse(a, b);
}

/**
 * The indices no stage may remove, each with what protects it: pinned options and the best of each sort key (ties: less CO2,
 * then input order). When an option within the key's tie of the best is clearly better than it,
 * the protection passes to that option, and the best may go. So it does to an option that makes
 * its short ride beside a long wait pointless (the walk instead of a 2-minute bus), and to the
 * lift all the way over a partial lift.
 */
function protectedOf(scores: readonly OptionScore[], arriveBy: boolean): Map<number, Protection[]> {
  const keep = new Map<number, Protection[]>();
  const add = (i: number, p: Protection) => keep.set(i, [...(keep.get(i) ?? []), p]);
  scores.forEach((s, i) => {
    if (s.pinned) add(i, 'pinned');
  });
  const keys = scores.map((s) => computeSortKeys(s));
  for (const key of SORT_KEYS as readonly SortKey[]) {
    let best = -1;
    keys.forEach((k, i) => {
      if (best < 0) best = i;
      else {
        const dCo2 = (k.emissions ?? 0) - (keys[best]!.emissions ?? 0);
        // A negligible difference in CO2 is a tie on that key, for the other rules to settle.
        const d =
          key === 'emissions' && co2Negligible(scores[i]!.carbonKg, scores[best]!.carbonKg)
            ? 0
            : (k[key] ?? 0) - (keys[best]![key] ?? 0);
        if (
          d < 0 ||
          (d === 0 && winsTie(scores[i]!, scores[best]!, dCo2, arriveBy, keep.has(i), keep.has(best)))
        )
          best = i;
      }
    });
    if (best < 0) continue;
    // Arrive-by, leaving or arriving first is not what the traveller asked for: any clearly
    // better option takes over those protections.
    const tie =
      arriveBy && (key === 'depature-time' || key === 'arrival-time')
        ? Infinity
        : (KEY_TIE[key] ?? ((v: number) => v))(keys[best]![key] ?? 0);
    // Each pass moves to a clearly better option, so it ends; the bound only guards the loop.
    for (let pass = 0; pass < scores.length; pass++) {
      const b = scores[best]!;
      const copyMax = copyTie(key, keys[best]![key] ?? 0);
      const by = scores.findIndex(
        (s, i) =>
          shortRidePointless(s, b, arriveBy) ||
          stayOnBoard(s, b) ||
          partialVehicle(s, b) ||
          sameRidesMomentsApart(s, b) ||
          (laterCopy(s, b, arriveBy) && (keys[i]![key] ?? 0) <= copyMax) ||
          (arriveBy && (key === 'depature-time' || key === 'arrival-time') && laterNoWorse(s, b)) ||
          // Much sooner holds the sooner option to at most `clearlyFasterSec` longer on the way:
          // minutes of shortness are not worth hours of later arrival (NYC Coney Island → Atlantic
          // Av at 18:00 kept a Q and B at 20:16 as the shortest, 4 minutes less than the 18:00 Q).
          (!arriveBy && key === 'travel-time' && muchSooner(s, b)) ||
          (((keys[i]![key] ?? 0) <= tie || farWalkTakesOver(key, s, b)) && clearlyBetter(s, b, arriveBy)),
      );
      if (by < 0) break;
      best = by;
    }
    add(best, key);
  }
  return keep;
}

/**
 * The option set's rules, by name (ADR 008): what `cairn plan --explain` prints beside each
 * option a rule removed.
 */
export const OPTION_SET_RULES = [
  'clearly beaten',
  'there first',
  'later, still in time',
  'much sooner',
  'same rides, leaner way',
  'short ride, long wait',
  'short hop',
  'stay on board',
  'later copy',
  'partial lift',
  'partial taxi',
  'public transport feeder',
  'exact duplicate',
  'family cap',
  'group cap',
  'total cap',
] as const;
export type OptionSetRule = (typeof OPTION_SET_RULES)[number];

/** What keeps an option no stage may remove: pinned (walking alone), or best on a sort key. */
export type Protection = SortKey | 'pinned';

/** Why an option left the set: the rule, and the option that beat it when there is one. */
export interface Removal<T> {
  rule: OptionSetRule;
  by?: T;
}

/** An option stage's verdict on one item: the rule that removes it (and by whom), or undefined. */
type Verdict<T> = (x: T, all: readonly T[]) => Removal<T> | undefined;

type Scored<T> = { item: T; index: number; s: OptionScore };

/** What a stage records: each removal, and each protected option the stage would have removed. */
interface StageLog<T> {
  removed: Array<Removal<Scored<T>> & { x: Scored<T> }>;
  spared: Array<Removal<Scored<T>> & { x: Scored<T>; protections: Protection[] }>;
}

/** One stage: drops what `drop` says, except the protected; records each removal and each spared. */
function stage<T>(arriveBy: boolean, items: Scored<T>[], drop: Verdict<Scored<T>>, log: StageLog<T>) {
  const keep = protectedOf(
    items.map((x) => x.s),
    arriveBy,
  );
  return items.filter((x, i) => {
    const why = drop(x, items);
    const protections = keep.get(i);
    if (why && protections) log.spared.push({ ...why, x, protections });
    else if (why) log.removed.push({ ...why, x });
    return !why || protections !== undefined;
  });
}

/** The first other item that removes `x` by `rule`, as a verdict. */
function removedBy<T extends { s: OptionScore }>(
  rule: OptionSetRule,
  beats: (a: OptionScore, b: OptionScore) => boolean,
  only: (y: T, x: T) => boolean = () => true,
): Verdict<T> {
  return (x, all) => {
    const by = all.find((y) => y !== x && only(y, x) && beats(y.s, x.s));
    return by ? { rule, by } : undefined;
  };
}

/**
 * The options to show, in input order, and what each rule removed. Stages: (1) clearly beaten by
 * an option that asks no more; a short ride beside a long wait or a short hop, a change off a ride
 * that goes there; arrive-by, an option leaving later still in time; (2) a later copy, the same
 * rides reached a leaner way, a partial lift, a vehicle mile public transport replaces;
 * depart-after, an option there much later for little; (3) exact
 * duplicates; (4) at most `perFamily` of a family (earliest arrivals, or for arrive-by the latest
 * departures), at most `groupCaps[g]` of a group, and at most `max` in all, round-robin over
 * families so every kind of option stays represented.
 */
export function explainOptions<T>(
  items: readonly T[],
  score: (t: T) => OptionScore,
  arriveBy: boolean,
): {
  kept: T[];
  removed: Array<{ item: T; rule: OptionSetRule; by?: T }>;
  /** Kept options a rule would have removed, with the protection that kept each (the first such stage). */
  spared: Array<{ item: T; protections: Protection[]; rule: OptionSetRule; by?: T }>;
} {
  const log: StageLog<T> = { removed: [], spared: [] };
  let xs: Scored<T>[] = items.map((item, index) => ({ item, index, s: score(item) }));
  xs = stage(
    arriveBy,
    xs,
    (x, all) => {
      const by = all.find((y) => y !== x && beats(y.s, x.s, arriveBy));
      return by ? { rule: beats(by.s, x.s, arriveBy)!, by } : undefined;
    },
    log,
  );
  // A short ride or a change the traveller would not make goes before arrive-by keeps the latest
  // departure only: the walk that makes it pointless may itself leave a minute before another.
  xs = stage(
    arriveBy,
    xs,
    (x, all) => {
      for (const by of all) {
        const rule = by === x ? undefined : shortRideRule(by.s, x.s, arriveBy);
        if (rule) return { rule, by };
      }
      return undefined;
    },
    log,
  );
  xs = stage(arriveBy, xs, removedBy('stay on board', stayOnBoard), log);
  if (arriveBy) xs = stage(arriveBy, xs, removedBy('later, still in time', laterStillInTime), log);
  // A later copy goes beside its nearer copy before that copy gives way to the same rides boarded a
  // leaner way; the other order left the later copy alone with no copy to go beside (RNV: the
  // 12:11 tram 5 from Marktplatz, once the 10:11 from Marktplatz gave way to Paradeplatz).
  xs = stage(
    arriveBy,
    xs,
    removedBy('later copy', (a, b) => laterCopy(a, b, arriveBy)),
    log,
  );
  xs = stage(arriveBy, xs, removedBy('same rides, leaner way', sameRidesLeaner), log);
  xs = stage(
    arriveBy,
    xs,
    removedBy('partial lift', (a, b) => a.family === 'lift' && partialVehicle(a, b)),
    log,
  );
  xs = stage(
    arriveBy,
    xs,
    removedBy('partial taxi', (a, b) => a.family === 'taxi' && partialVehicle(a, b)),
    log,
  );
  xs = stage(arriveBy, xs, removedBy('public transport feeder', publicTransportFeeder), log);
  if (!arriveBy) xs = stage(arriveBy, xs, removedBy('much sooner', muchSooner), log);
  // Exact duplicates (same family, same times, same cost): the first stays.
  xs = stage(
    arriveBy,
    xs,
    removedBy('exact duplicate', sameShape, (y, x) => y.index < x.index),
    log,
  );
  xs = stage(arriveBy, xs, capped(arriveBy), log);
  const first = log.spared.filter((e, i) => log.spared.findIndex((f) => f.x === e.x) === i);
  return {
    kept: xs.sort((a, b) => a.index - b.index).map((x) => x.item),
    removed: log.removed.map(({ x, rule, by }) => ({ item: x.item, rule, ...(by ? { by: by.item } : {}) })),
    spared: first
      .filter((e) => xs.includes(e.x))
      .map(({ x, rule, by, protections }) => ({
        item: x.item,
        protections,
        rule,
        ...(by ? { by: by.item } : {}),
      })),
  };
}

/** The options to show, in input order (explainOptions without the record). */
export function chooseOptions<T>(items: readonly T[], score: (t: T) => OptionScore, arriveBy: boolean): T[] {
  return explainOptions(items, score, arriveBy).kept;
}

const sameShape = (a: OptionScore, b: OptionScore): boolean =>
  a.family === b.family &&
  a.rides === b.rides &&
  a.departSec === b.departSec &&
  a.arriveSec === b.arriveSec &&
  a.costPence === b.costPence;

/** The cap stage: decides once which items survive the family, group and total caps. */
function capped<T extends { index: number; s: OptionScore }>(arriveBy: boolean): Verdict<T> {
  let verdicts: Map<T, OptionSetRule> | undefined;
  return (x, all) => {
    verdicts ??= chooseUnderCaps(
      all,
      arriveBy,
      new Set(
        [
          ...protectedOf(
            all.map((y) => y.s),
            arriveBy,
          ).keys(),
        ].map((i) => all[i]!),
      ),
    );
    const rule = verdicts.get(x);
    return rule ? { rule } : undefined;
  };
}

/** The items the caps remove, each with the cap that removed it. */
function chooseUnderCaps<T extends { index: number; s: OptionScore }>(
  all: readonly T[],
  arriveBy: boolean,
  unremoved: ReadonlySet<T>,
): Map<T, OptionSetRule> {
  const byFamily = new Map<string, T[]>();
  for (const x of all) byFamily.set(x.s.family, [...(byFamily.get(x.s.family) ?? []), x]);
  const removed = new Map<T, OptionSetRule>();
  const ranked = [...byFamily.values()].map((list) => {
    const sorted = [...list].sort((a, b) =>
      arriveBy
        ? b.s.departSec - a.s.departSec || a.s.arriveSec - b.s.arriveSec
        : a.s.arriveSec - b.s.arriveSec || b.s.departSec - a.s.departSec,
    );
    for (const x of sorted.slice(OPTION_SET.perFamily)) removed.set(x, 'family cap');
    return sorted.slice(0, OPTION_SET.perFamily);
  });
  // Round-robin: every family's best first, then every family's second best…
  // Options no stage removes come first, so they count towards the group caps and the total.
  const order: T[] = [...unremoved];
  for (let round = 0; round < OPTION_SET.perFamily; round++)
    for (const list of ranked) if (list[round] && !unremoved.has(list[round]!)) order.push(list[round]!);
  const inGroup = new Map<string, number>();
  let kept = 0;
  for (const x of order) {
    if (kept >= OPTION_SET.max) {
      removed.set(x, 'total cap');
      continue;
    }
    const g = x.s.group;
    const cap = g === undefined ? undefined : OPTION_SET.groupCaps[g];
    if (g !== undefined && cap !== undefined) {
      if ((inGroup.get(g) ?? 0) >= cap) {
        removed.set(x, 'group cap');
        continue;
      }
      inGroup.set(g, (inGroup.get(g) ?? 0) + 1);
    }
    kept++;
  }
  return removed;
}
