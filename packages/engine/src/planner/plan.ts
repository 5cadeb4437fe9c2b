import { appointmentReturnTime, DEFAULT_APPOINTMENT_MIN, goesByPublicTransport } from '@cairn/contracts';
import type { StepFree } from '@cairn/contracts';
import { assembleJourney } from '../journeys/assemble/assembleJourney.ts';
import type { ExtrasLookup } from '../journeys/assemble/assembleJourney.ts';
import { priceOption } from '../journeys/fares/priceOption.ts';
import { parseSearchDate } from '../format/localTime.ts';
import type { PlannedLeg, PlannedOption } from '../journeys/model.ts';
import { legEndSec } from '../journeys/model.ts';
import {
  explainOptions,
  needsOf,
  OPTION_SET,
  ridesOf,
  ridesWithoutShortEnds,
  rideSpansOf,
  shapeOf,
  vehicleMileOf,
} from '../journeys/ranking/optionSet.ts';
import { rankByEmissions } from '../journeys/ranking/emissionsOrder.ts';
import { sortInputsOf } from '../journeys/ranking/sortKeys.ts';
import { checkCyclingLimits } from '../modes/cycle.ts';
import { checkDarkRuralWalk } from '../modes/walk.ts';
import { checkFlexibleLeg } from '../modes/flexible.ts';
import type { PlanInput, RoutersFor } from './context.ts';
import { searchAt, searchContext } from './context.ts';
import { bikeHireFamily } from './families/bikeHire.ts';
import { carClubFamily } from './families/carClub.ts';
import { cycleFamily } from './families/cycle.ts';
import type { Candidate, OptionFamily } from './families/family.ts';
import { familyLabel } from './families/family.ts';
import { flexibleFamily } from './families/flexible.ts';
import { liftFamily } from './families/lift.ts';
import { ownCarFamily } from './families/ownCar.ts';
import { taxiFamily } from './families/taxi.ts';
import { transitFamily, withoutServiceTwice } from './families/transit.ts';
import { walkFamily } from './families/walk.ts';
import { Explained } from './explained.ts';
import { whyNoJourney, whyNoPublicTransport } from './noJourney.ts';
import { findWithinBuffer } from './withinBuffer.ts';
import { findNextTransit } from './nextTransit.ts';
import { beyondNotice, extendBeyond } from './beyond.ts';
import type { NoJourneyReason, PlanResult } from './port.ts';
import type { RegionData } from '../loader/regionData.ts';
import { returnPlanner } from './returns.ts';
import { stepFreeRegionData } from '../loader/stepFreeData.ts';
import { keepStepFree, labelStepFree } from './stepFreeOptions.ts';
import { travellerFrom } from '../journeys/fares/traveller.ts';
import { liveStepOf } from '../realtime/stepLive.ts';
import type { LiveVersion } from '../realtime/liveVersion.ts';
import type { TransitRide } from '../journeys/model.ts';
import { dayNumberToDate } from '../time/serviceDay.ts';

export type { PlanInput } from './context.ts';

/*
 * The option set of one search: build the context, run every option family, pair each outbound
 * candidate with its return, price, score and choose (journeys/ranking/optionSet.ts, ADR 008),
 * then assemble the Journey documents, ranked by emissions.
 */

/** Every option family, in the order their options are listed before ranking. */
export const FAMILIES: readonly OptionFamily[] = [
  walkFamily,
  cycleFamily,
  ownCarFamily,
  liftFamily,
  taxiFamily,
  carClubFamily,
  bikeHireFamily,
  flexibleFamily,
  transitFamily,
];

/** Origin and destination closer than this are the same place: there is no journey to plan. */
const SAME_PLACE_M = 100;

/**
 * Plans a search whose ends are placed: outbound and return options, priced, assembled, chosen
 * and ranked by emissions; or why there are none. A step-free search (issue #19) plans on the
 * step-free streets and accessible stops and trips; when that finds nothing it plans again with
 * everything open, every part labelled, so the traveller sees what is in the way.
 */
export function planSearch(
  data: RegionData,
  input: PlanInput,
  extras: ExtrasLookup,
  raptorFor: RoutersFor,
): PlanResult {
  if (!travellerFrom(input.request, input.profile).stepFree)
    return planOptions(data, input, extras, raptorFor);
  const strict = planOptions(data, input, extras, raptorFor, { blocks: true });
  if (strict.found || strict.why.reason === 'same place' || strict.why.reason === 'bad time') return strict;
  const labelled = planOptions(data, input, extras, raptorFor, { blocks: false });
  return labelled.found ? labelled : strict;
}

function planOptions(
  regionData: RegionData,
  input: PlanInput,
  extras: ExtrasLookup,
  raptorFor: RoutersFor,
  stepFree?: { blocks: boolean },
): PlanResult {
  // A step-free search walks the step-free street profile, closed or labelled as `blocks` says.
  const data = stepFree ? stepFreeRegionData(regionData, stepFree.blocks) : regionData;
  const { request, brand } = input;
  const tz = data.region.timeZone;
  const outSec = parseSearchDate(tz, request.out_time);
  if (outSec === undefined) return none({ reason: 'bad time' });
  const arriveBy = request.arrive_by === true;
  // Beyond the region (planner/beyond.ts) the plan inside ends at the gateway: the estimated
  // step towards an outside destination comes after it, the one from an outside origin before it.
  const { beyond } = input;
  const ahead = beyond?.end === 'origin' && !arriveBy ? beyond.addedSec : 0;
  const behind = beyond?.end === 'destination' && arriveBy ? beyond.addedSec : 0;
  const at = arriveBy
    ? { endSec: outSec - request.arrive_by_buffer * 60 - behind }
    : { startSec: outSec + ahead };
  let returnSec = request.return_time ? parseSearchDate(tz, request.return_time) : undefined;
  // Without a return time, an appointment (brand appointment mode) of the default length gets a way home.
  if (returnSec === undefined && arriveBy && brand.appointmentMode)
    returnSec = parseSearchDate(tz, appointmentReturnTime(request.out_time, DEFAULT_APPOINTMENT_MIN) ?? '');
  const ctx = searchContext(data, input, raptorFor, at, returnSec !== undefined, stepFree);
  if (ctx.crowM < SAME_PLACE_M) return none({ reason: 'same place' });

  const all = FAMILIES.flatMap((f) => f.candidates(ctx));
  const candidates = withoutServiceTwice(all);
  const why = new Explained(input.explain === true);
  for (const c of all) if (!candidates.includes(c)) why.drop(optionOf(c), 'service twice');
  if (arriveBy && request.arrive_by_buffer > 0) {
    const askedSec = outSec - behind;
    const unbuffered = searchAt(ctx, { endSec: askedSec });
    // Only options that can still be booked keep the buffer: a dial-a-ride outside its hours is no
    // "latest option that keeps them" (Braemar → Aberdeen named one that was never shown).
    const bookable = candidates.filter((c) => checkFlexibleLeg(data.region, c.leg, input.nowSec) === null);
    const within = findWithinBuffer(unbuffered, bookable, askedSec, request.arrive_by_buffer * 60);
    if (within) candidates.push(within);
  }
  // No public transport in the asked time: the first outside it, labelled (nextTransit.ts).
  const next = findNextTransit(
    (other) => searchAt(ctx, other),
    candidates,
    arriveBy,
    arriveBy ? outSec - behind : outSec + ahead,
    tz,
  );
  if (next) candidates.push(next);
  // Coming back from an outside destination, the way home inside the region starts at the gateway.
  const returnInsideSec =
    returnSec !== undefined && beyond?.end === 'destination' ? returnSec + beyond.addedSec : returnSec;
  const extend = (leg: PlannedLeg, outbound: boolean): PlannedLeg =>
    beyond ? extendBeyond(leg, beyond, (beyond.end === 'destination') === outbound) : leg;
  // An outbound leg still travelling at the return time cannot be paired: the others' ways back are asked.
  const backAsked = (c: Candidate) => returnSec !== undefined && legEndSec(extend(c.leg, true)) <= returnSec;
  const returnOf =
    returnInsideSec === undefined
      ? undefined
      : returnPlanner(ctx, returnInsideSec, candidates.filter(backAsked));
  const options: Array<{ option: PlannedOption; c: Candidate }> = [];
  let paired = 0;
  // The ways there that arrive after the return time, and the first of their arrivals.
  let late = 0;
  let firstLateSec = Infinity;
  for (const c of candidates) {
    const notices = [...(c.notices ?? []), ...(beyond ? [beyondNotice(beyond, data.region.name)] : [])];
    const option: PlannedOption = {
      kind: familyLabel(c.key),
      depart: extend(c.leg, true),
      ret: null as PlannedLeg | null,
      ...(notices.length ? { notices } : {}),
    };
    if (returnOf && returnSec !== undefined) {
      // An outbound leg still travelling at the return time cannot be paired.
      const endSec = legEndSec(option.depart);
      if (endSec > returnSec) {
        late++;
        firstLateSec = Math.min(firstLateSec, endSec);
      }
      const ret = endSec > returnSec ? null : returnOf(c);
      if (!ret) {
        why.drop(option, 'no way back');
        continue;
      }
      option.ret = extend(ret, false);
    }
    paired++;
    // DRT and community transport run at set hours and are booked ahead: options outside their
    // hours, or whose booking window has closed, go.
    const legs = option.ret ? [option.depart, option.ret] : [option.depart];
    if (!legs.every((l) => checkFlexibleLeg(data.region, l, input.nowSec) === null)) {
      why.drop(option, 'booking hours');
      continue;
    }
    // Cycling within the region's distance and climb (lower in winter), in daylight (either way).
    const cycling = legs
      .map((l) => checkCyclingLimits(data.region.cycling, data.region.timeZone, l))
      .find((r) => r !== null);
    // Nor a long walk on unlit rural roads after dark, either way.
    const dark = legs.map((l) => checkDarkRuralWalk(data.places.settlements, l)).find((r) => r !== null);
    if (cycling) why.drop(option, cycling);
    else if (dark) why.drop(option, dark);
    else options.push({ option, c });
  }

  const labelled: Array<(typeof options)[number] & { stepFree?: StepFree | undefined }> = stepFree
    ? keepStepFree(
        options.map((o) => ({ ...o, stepFree: labelStepFree(data, o.option) })),
        (o) => o.stepFree,
      )
    : options;
  for (const o of options)
    if (!labelled.some((l) => l.option === o.option)) why.drop(o.option, 'not step-free');
  const priced = labelled.map((o) => ({
    option: o.option,
    c: o.c,
    stepFree: o.stepFree?.status,
    price: priceOption(o.option, {
      region: data.region,
      traveller: ctx.traveller,
      gtfsFares: data.gtfsFares,
    }),
  }));
  const chosen = explainOptions(
    priced,
    ({ option, c, price, stepFree: stepFreeStatus }) => {
      const needs = needsOf(option);
      const vehicle = vehicleMileOf(option);
      return {
        ...sortInputsOf(option, price.totalPence),
        needs,
        rides: ridesOf(option),
        // A step-free traveller may need the short ride that spares a walk: only a short step-free
        // walk instead makes it pointless.
        ridesWithoutShortEnds: ridesWithoutShortEnds(option),
        // …and a short hop with little waiting goes only beside a walk there as early, when no
        // step-free journey was asked for.
        ...(stepFree ? {} : { ridesWithoutShortHops: ridesWithoutShortEnds(option, true) }),
        rideSpans: rideSpansOf(option),
        shape: shapeOf(option),
        ...(stepFree ? { shortRideWalkLimitM: OPTION_SET.stepFreeShortRideWalkM } : {}),
        family: option.kind,
        ...(needs.has('driver') ? { group: 'lift' } : {}),
        ...(vehicle ? { vehicleMile: vehicle } : {}),
        ...(c.pinned ? { pinned: true } : {}),
        ...(c.key.family !== 'transit' && c.key.family !== 'flexible' ? { onDemand: true } : {}),
        // Inside the arrive-by buffer, or the next public transport after the asked time.
        ...(arriveBy && legEndSec(option.depart) > outSec - request.arrive_by_buffer * 60
          ? { late: true }
          : {}),
        ...(stepFreeStatus ? { stepFree: stepFreeStatus } : {}),
      };
    },
    arriveBy,
  );
  for (const p of priced) {
    const removal = chosen.removed.find((r) => r.item === p);
    const spared = chosen.spared.find((r) => r.item === p);
    why.add(
      p.option,
      p.price.totalPence,
      removal && { rule: removal.rule, by: removal.by?.option },
      spared && { protections: spared.protections, rule: spared.rule, by: spared.by?.option },
    );
  }
  const journeys = chosen.kept.map(({ option, price }) =>
    assembleJourney(option, price, {
      region: data.region,
      origin: input.origin,
      destination: input.destination,
      extras,
      carClubPromo: brand.carClubPromo,
      ...(input.live ? { liveStep: liveStepFor(input.live, tz) } : {}),
    }),
  );
  const unique = [...new Map(journeys.map((j) => [j.id, j])).values()];
  const explained = why.list();
  if (unique.length === 0)
    return {
      ...none(
        whyNoJourney(ctx, {
          candidates: candidates.length,
          paired,
          ...(late > 0 && late === candidates.length ? { lateArrivalSec: firstLateSec } : {}),
        }),
      ),
      ...explained,
    };
  // None of the options is by public transport, and none could be reached on foot (Dufftown →
  // Nethy Bridge on a Tuesday offered a lift alone, and never said that no bus runs): say why.
  const noPublicTransport =
    !unique.some(goesByPublicTransport) && !candidates.some(publicOnFoot)
      ? whyNoPublicTransport(ctx)
      : undefined;
  return {
    found: true,
    journeys: rankByEmissions(unique),
    ...(noPublicTransport ? { noPublicTransport } : {}),
    ...explained,
  };
}

/** Public transport reached and left on foot: timetabled rides with walking miles, or a booked service door to door. */
const publicOnFoot = (c: Candidate): boolean =>
  c.key.family === 'flexible' ||
  (c.key.family === 'transit' && c.key.first === 'walk' && c.key.last === 'walk');

/** The option a candidate starts as: its outbound leg, no return yet. */
function optionOf(c: Candidate): PlannedOption {
  return { kind: familyLabel(c.key), depart: c.leg, ret: null, ...(c.notices ? { notices: c.notices } : {}) };
}

/** The `live` field of each ride's step: its trip instance read back from the version the search used. */
function liveStepFor(live: LiveVersion, timeZone: string) {
  return (ride: TransitRide) => {
    if (ride.serviceDay === undefined) return undefined;
    const d = String(dayNumberToDate(ride.serviceDay));
    const ref = {
      feed_id: ride.feedId,
      trip_id: ride.tripId,
      route_id: ride.routeId,
      agency_id: ride.agencyId,
      service_date: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`,
      from_stop_id: ride.stops[0]?.stopId ?? '',
      to_stop_id: ride.stops[ride.stops.length - 1]?.stopId ?? '',
    };
    return liveStepOf(live, ref, timeZone);
  };
}

function none(why: NoJourneyReason): PlanResult {
  return { found: false, journeys: [], why };
}
