import { z } from 'zod';
import { LatLng, TextOnly, TextValue } from './common.ts';
import { PoiCategory, TravelType } from './modes.ts';
import { SEARCH_DATE_PATTERN, SORT_KEYS, WEEKDAYS } from './values.ts';

/** Opening time of one weekday: free text ("24 hours", "closed") or a start–end pair ("09:00"–"17:00"). */
export const OpeningTime = z.union([z.string(), z.object({ start: z.string(), end: z.string() })]);
export type OpeningTime = z.infer<typeof OpeningTime>;

export const ToiletMarker = z.object({
  name: z.string(),
  location: LatLng,
  accessible: z.boolean(),
  allGender: z.boolean(),
  men: z.boolean(),
  women: z.boolean(),
  babyChange: z.boolean(),
  /** Null when using the toilet is free. */
  paymentDetails: z.string().nullable(),
  /** One entry per weekday; null when the opening hours are not known (shown as 'n/a'). */
  openingTimes: z.record(z.enum(WEEKDAYS), OpeningTime.nullable()).nullable(),
  notes: z.string().nullable(),
});
export type ToiletMarker = z.infer<typeof ToiletMarker>;

export const DestinationToilets = z.object({
  count: z.number().int().nonnegative(),
  markers: z.array(ToiletMarker),
});
export type DestinationToilets = z.infer<typeof DestinationToilets>;

export const Taxi = z.object({
  name: z.string(),
  phone: z.string(),
  /** An addition to SPEC §3 (issue #19): present and true when the region says the operator carries wheelchairs. */
  wheelchair_accessible: z
    .boolean()
    .optional()
    .describe(
      'True when the region data says this operator has wheelchair-accessible vehicles; absent when not known',
    ),
});
export type Taxi = z.infer<typeof Taxi>;

export const Poi = z.object({
  name: z.string(),
  link: z.string(),
  type: PoiCategory,
  count: z.number().int().nonnegative(),
  /** Where the places are, so the map can show them (an addition to SPEC §3). */
  markers: z.array(z.object({ name: z.string(), location: LatLng })).default([]),
});
export type Poi = z.infer<typeof Poi>;

/** What one turn-by-turn direction tells the traveller to do (an addition to SPEC §3). */
export const DIRECTION_ACTIONS = [
  'depart',
  'straight',
  'turn-slight-left',
  'turn-slight-right',
  'turn-left',
  'turn-right',
  'turn-sharp-left',
  'turn-sharp-right',
  'uturn',
  'roundabout',
  'ferry',
  'walk-to',
  'walk-unmapped',
] as const;
export const DirectionAction = z
  .enum(DIRECTION_ACTIONS)
  .describe('What the direction says to do; walk-unmapped: walk straight where no path is mapped');
export type DirectionAction = z.infer<typeof DirectionAction>;

/**
 * A direction as structured data, built once by the engine; its text and HTML are rendered from it
 * (`@cairn/engine/format`). `street` is the road followed, or the place walked to for 'walk-to';
 * `heading` is the compass word of a 'depart'; `exit` the roundabout exit taken, when known.
 */
export const DirectionParts = z.object({
  action: DirectionAction,
  street: z.string().optional(),
  heading: z.string().optional(),
  exit: z.number().int().positive().optional(),
  distance_m: z.number().nonnegative(),
});
export type DirectionParts = z.infer<typeof DirectionParts>;

/**
 * One direction. `html_instructions` (SPEC §3, kept for old clients) is rendered from `instruction`,
 * the structured form new clients render themselves; old clients may ignore `instruction`.
 */
export const Direction = z.object({
  html_instructions: z.string(),
  distance: TextOnly,
  instruction: DirectionParts.optional().describe(
    'The direction as structured data (action, street, heading, exit, distance_m); html_instructions is rendered from it',
  ),
});
export type Direction = z.infer<typeof Direction>;

export const TravelGuide = z.object({
  service: z.object({
    name: z.string(),
    website: z.string().nullable(),
    statements: z.array(z.object({ body: z.string() })),
  }),
});
export type TravelGuide = z.infer<typeof TravelGuide>;

/**
 * Stops × trips of one route around the step's departure, on the step's day: one column per trip
 * in departure order; null times are shown as '-'.
 */
export const Timetable = z.object({
  Mode: z.string(),
  ServiceNumber: z.string(),
  stops: z.array(z.string()),
  columns: z.array(
    z.object({
      headsign: z.string().nullable(),
      times: z.array(z.string().nullable()),
      /** The journey's own trip, timed as its step (an addition to SPEC §3; absent on the other columns). */
      journey_trip: z
        .literal(true)
        .optional()
        .describe("True on the column of the journey's own trip, whose times are the step's"),
    }),
  ),
});
export type Timetable = z.infer<typeof Timetable>;

/**
 * Whether a step can be travelled without steps (an addition to SPEC §3, issue #19): 'yes' when every
 * part is known to be step-free, 'no' when a part is known not to be, 'unknown' when the data does not
 * say. `reason` is the sentence shown beside the label ("Steps on the path", "No step-free data for
 * Kingussie"). Unknown is never shown as step-free.
 */
export const STEP_FREE_STATUSES = ['yes', 'no', 'unknown'] as const;
export const StepFree = z
  .object({ status: z.enum(STEP_FREE_STATUSES), reason: z.string() })
  .describe("Step-free or not, or 'unknown' when the data does not say, with the reason shown to people");
export type StepFree = z.infer<typeof StepFree>;

/** How to book help from the operator (rail Passenger Assist, a ferry or DRT ramp; an addition to SPEC §3). */
export const Assistance = z
  .object({
    name: z.string(),
    /** When to book, e.g. "Book at least 2 hours before you travel". */
    notice: z.string(),
    phone: z.string().optional(),
    website: z.string().optional(),
  })
  .describe('Help the operator offers and how to book it (Passenger Assist, ramp booking)');
export type Assistance = z.infer<typeof Assistance>;
/** How a transit step runs by live data (GTFS-realtime): an addition to SPEC §3. */
export const LIVE_STATUSES = ['scheduled', 'on time', 'late', 'early', 'cancelled', 'added'] as const;
export const LiveStatus = z.enum(LIVE_STATUSES);
export type LiveStatus = z.infer<typeof LiveStatus>;

/** A service alert (GTFS-realtime ServiceAlert) that applies to a step's route, stops, trip or operator. */
export const StepAlert = z.object({
  id: z.string(),
  header: z.string().describe('Short text of the alert'),
  description: z.string().describe('Full text of the alert'),
  url: z.string().nullable().describe('Where to read more, when the operator gives a link'),
  effect: z.string().describe('GTFS-realtime effect, e.g. REDUCED_SERVICE, NO_SERVICE, SIGNIFICANT_DELAYS'),
});
export type StepAlert = z.infer<typeof StepAlert>;

/**
 * Live running of a transit step (an addition to SPEC §3; absent when the search had no live data,
 * so old clients see nothing new). The step's own departure_time / arrival_time are the live
 * times; the scheduled ones are here. `trip` names the trip instance so a journey can be checked
 * again against a newer live version.
 */
export const StepLive = z
  .object({
    version: z.string().describe('The live version the times come from'),
    status: LiveStatus.describe(
      "'scheduled' (no live data for this trip), 'on time', 'late' or 'early' (a minute or more off), 'cancelled', 'added' (a trip not in the timetable)",
    ),
    cancelled: z.boolean(),
    /** True when the boarding or alighting stop is skipped by the live trip. */
    stop_skipped: z.boolean(),
    scheduled_departure_time: z.string().describe('Local HH:mm of the timetable'),
    scheduled_arrival_time: z.string().describe('Local HH:mm of the timetable'),
    departure_delay_sec: z
      .number()
      .int()
      .describe('Live minus scheduled departure, seconds (negative = early)'),
    arrival_delay_sec: z.number().int().describe('Live minus scheduled arrival, seconds'),
    /** True when the operator publishes no trip updates and the delays come from where the vehicle was seen. */
    from_vehicle_position: z
      .boolean()
      .optional()
      .describe(
        'True when the live times come from where the vehicle was last seen (GTFS-realtime VehiclePositions: at least that late), not from a trip update; absent otherwise',
      ),
    alerts: z.array(StepAlert),
    trip: z.object({
      feed_id: z.string(),
      trip_id: z.string(),
      route_id: z.string(),
      agency_id: z.string(),
      service_date: z.string().describe('Service day of the trip instance, YYYY-MM-DD'),
      from_stop_id: z.string(),
      to_stop_id: z.string(),
    }),
  })
  .describe('Live running of a transit step; absent without live data');
export type StepLive = z.infer<typeof StepLive>;

export const Step = z.object({
  type: TravelType,
  description: z.string(),
  /** Local time `HH:mm`. */
  departure_time: z.string(),
  /** Local arrival time `HH:mm` (an addition to SPEC §3). */
  arrival_time: z.string(),
  /** `text`: the difference of the two clock times shown (09:02–09:31 is '29 mins'); `value`: exact seconds. */
  duration: TextValue,
  distance: TextOnly.extend({ value: z.number().nonnegative() }),
  /** Price text of this step: '£3.20', 'free', 'included' or 'unknown'. */
  cost: z.string(),
  elevationHighest: z.number().nullable(),
  elevationLowest: z.number().nullable(),
  /** Climb of a walk, cycle or bike-hire step when heights are known (an addition to SPEC §3; old clients ignore it). */
  ascent_m: z
    .number()
    .nonnegative()
    .optional()
    .describe('Metres climbed on a walk, cycle or bike-hire step; absent when heights are unknown'),
  descent_m: z
    .number()
    .nonnegative()
    .optional()
    .describe('Metres descended on a walk, cycle or bike-hire step; absent when heights are unknown'),
  start_location: LatLng,
  end_location: LatLng,
  start_address: z.string(),
  end_address: z.string(),
  /** Encoded polyline, precision 5. */
  polyline: z.string(),
  agency: z.object({ name: z.string(), url: z.string().nullable() }).optional(),
  service_number: z.string().optional(),
  headsign: z.string().optional(),
  provider: z.string().optional(),
  promo_link: z.string().optional(),
  booking_website: z.string().optional(),
  booking_phone: z.string().optional(),
  directions: z.array(Direction),
  how_to_guide: TravelGuide.optional(),
  timetable: Timetable.optional(),
  /** Timed stops passed on a transit step (name, `HH:mm`). */
  stops: z.array(z.object({ name: z.string(), time: z.string(), location: LatLng })).optional(),
  carbon_emission: z.number().nonnegative(),
  /**
   * True when the step is a walk in a straight line because no mapped path serves one of its
   * ends (an addition to SPEC §3; its distance and time include a detour allowance, and the
   * description says "no mapped path"), or because the mapped streets go round over 5 times the
   * straight line and 1 km more (a gap in the map; the description says "estimated in a straight
   * line" and gives the street route's length). Absent otherwise; older clients may ignore it.
   */
  straight_line: z.boolean().optional(),
  /** Set on walk and transit steps of step-free searches (issue #19); older clients may ignore it. */
  step_free: StepFree.optional(),
  assistance: Assistance.optional(),
  live: StepLive.optional(),
});
export type Step = z.infer<typeof Step>;

export const Leg = z.object({
  /** Local date `YYYY-MM-DD`. */
  departure_date: z.string(),
  /** Local time `HH:mm`. */
  departure_at: z.string(),
  arrival_at: z.string(),
  /** ISO 8601 with UTC offset, for sorting and machines. */
  departure_datetime: z.string(),
  arrival_datetime: z.string(),
  /** `text`: the difference of `departure_at` and `arrival_at` as shown; `value`: exact seconds. */
  duration: TextValue,
  wait_time: TextValue,
  walking_distance: TextValue,
  distance: TextValue,
  elevationHighest: z.number().nullable(),
  elevationLowest: z.number().nullable(),
  overview_polyline: z.object({ points: z.string() }),
  stages: z.array(TravelType),
  /**
   * Changes on this leg: its public transport rides (timetabled, DRT or community transport) less
   * one, 0 without any (an addition to SPEC §3, issue #27). Computed by the engine; the web reads
   * it. Journeys stored before it lack it (`legChangeCount` of `@cairn/engine/format` counts them).
   */
  changes: z.number().int().nonnegative().optional(),
  steps: z.array(Step),
  taxis: z.array(Taxi),
  pois: z.array(Poi),
  destination_toilets: DestinationToilets,
});
export type Leg = z.infer<typeof Leg>;

export const PricingLine = z.object({ description: z.string(), cost: z.string() });
export type PricingLine = z.infer<typeof PricingLine>;

export const PaymentMethods = z.object({ agency_name: z.string(), methods: z.array(z.string()) });
export type PaymentMethods = z.infer<typeof PaymentMethods>;

export const SortKey = z.enum(SORT_KEYS);
export type SortKey = z.infer<typeof SortKey>;

/**
 * A shown journey that no longer holds together on live running (an addition to SPEC §3, issue #18):
 * a ride is cancelled, skips the stop where the traveller boards or leaves, or now arrives too late
 * for the next ride. `replan_from` is the start of that ride and when the traveller is expected
 * there, as the rides before it now run: the web offers a new search from it.
 */
export const LiveBreak = z
  .object({
    reason: z.enum(['cancelled', 'stop skipped', 'missed change']),
    leg: z.enum(['depart', 'return']),
    /** Index of the transit step in its leg's `steps` that can no longer be taken. */
    step: z.number().int().nonnegative(),
    live_version: z.string().describe('The live version that broke the journey'),
    replan_from: z.object({
      name: z.string(),
      location: LatLng,
      /** Search time (SearchRequest out_time format, region's clock) to re-plan from. */
      out_time: z.string().regex(SEARCH_DATE_PATTERN),
    }),
  })
  .describe('Why a journey no longer works on live running, and where to re-plan from');
export type LiveBreak = z.infer<typeof LiveBreak>;

/**
 * Something the traveller should know about one journey before taking it (an addition to SPEC §3,
 * issue 27; old clients ignore it). `tight last connection`: a change onto the last departure of
 * the day with little time to spare; `within buffer`: an arrive-by option that arrives before the
 * asked time but inside the buffer the traveller asked for (`margin_min` says by how much);
 * `estimate beyond region`: the journey ends outside the area the timetables cover, and the part
 * beyond it is an estimate; `next public transport`: no public transport fits the asked time, and
 * this is the first that runs outside it: the first arrival after an arrive-by time (the same day),
 * or the next departure after the hours a depart-after search covers (later that day or the next
 * day); `minutes_after` says how long after the asked time it arrives (arrive-by) or leaves.
 */
export const JOURNEY_NOTICE_KINDS = [
  'tight last connection',
  'within buffer',
  'estimate beyond region',
  'next public transport',
] as const;
export const JourneyNotice = z
  .object({
    kind: z.enum(JOURNEY_NOTICE_KINDS),
    text: z.string().describe('The sentence shown to the traveller'),
    margin_min: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('Minutes to spare: before the ride leaves, or before the asked arrival time'),
    minutes_after: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        'Next public transport: minutes from the asked time to its arrival (arrive-by) or departure (depart-after)',
      ),
  })
  .describe('A warning or label the traveller sees with the journey');
export type JourneyNotice = z.infer<typeof JourneyNotice>;

export const Journey = z.object({
  id: z.string(),
  /** '£12.40' ('€2.90', '$2.90': in `cost_currency`), 'free', or 'unknown' when any part is unknown. */
  cost: z.string(),
  /** Whole pence (hundredths of `cost_currency`: cents…), null when unknown; what the cost text says, as a number. */
  cost_pence: z.number().int().nonnegative().nullable(),
  /**
   * ISO 4217 code of every price of the journey (the region's `currency`): 'GBP', 'EUR', 'USD'.
   * Optional (issue 28): absent on journeys stored before it, which are in GBP.
   */
  cost_currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** kg CO2e for the whole journey (outbound and return). */
  carbon_emission: z.number().nonnegative(),
  total_wait_time: TextValue,
  total_walking_distance: TextValue,
  origin: z.string(),
  destination: z.string(),
  origin_location: LatLng,
  destination_location: LatLng,
  /** 'transit' when any step is timetabled, otherwise the single street mode. */
  transport_mode: z.string(),
  user_status: z.enum(['saved']).nullable(),
  drt_operator: z.object({ name: z.string(), booking_website: z.string() }).nullable(),
  pricing_breakdown: z.array(PricingLine),
  payment_methods_breakdown: z.array(PaymentMethods),
  depart: Leg,
  return: Leg.nullable(),
  /** Values the SPEC sort keys order by, computed once by the engine so API and web agree. */
  sort: z.record(SortKey, z.number()),
  /** Set when the prices include an estimate (taxi, car running cost): the UI says "estimate". */
  cost_is_estimate: z.boolean(),
  /**
   * The journey's step-free summary on step-free searches (an addition to SPEC §3, issue #19): the
   * worst of its steps ('no' over 'unknown' over 'yes'), with a sentence for the card.
   */
  step_free: StepFree.optional(),
  /** Set once live running breaks this journey (issue #18); absent while it holds. */
  live_break: LiveBreak.optional(),
  /** What the traveller should know before taking it (issue 27); absent when nothing. */
  notices: z.array(JourneyNotice).optional(),
});
export type Journey = z.infer<typeof Journey>;
