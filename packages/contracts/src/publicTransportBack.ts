import { BOOKED_TYPES, TIMETABLED_TYPES, type TRAVEL_TYPES } from './values.ts';

/** Public transport: the timetabled modes and the booked buses (DRT, community transport). */
const PUBLIC_TRANSPORT_TYPES: readonly (typeof TRAVEL_TYPES)[number][] = [
  ...TIMETABLED_TYPES,
  ...BOOKED_TYPES,
];

/** The part of a Journey leg these rules read: its steps' travel types. */
interface StepTypes {
  steps: ReadonlyArray<{ type: string }>;
}

/** Whether a leg (outbound or return) rides a bus, train, ferry… or a booked bus on any step. */
export function ridesPublicTransport(leg: StepTypes | null | undefined): boolean {
  return leg?.steps.some((s) => (PUBLIC_TRANSPORT_TYPES as readonly string[]).includes(s.type)) ?? false;
}

/** Whether a journey rides public transport either way (the planner's and the web's "no public transport" rules). */
export function goesByPublicTransport(journey: { depart: StepTypes; return?: StepTypes | null }): boolean {
  return ridesPublicTransport(journey.depart) || ridesPublicTransport(journey.return);
}

/**
 * The return time ('HH:mm') of a return search whose options all come back by car, taxi, bike or
 * on foot (often a bus there and a taxi back): usually it is after the last bus or train back, and
 * the traveller is told so ("No public transport back at 17:00") instead of only seeing cars and
 * taxis. Null for a single journey (`returnTime` a search date 'YYYY/MM/DD HH:mm:ss' or absent),
 * with no options, and when any option rides back on public transport. The web's results page and
 * `cairn plan` both say it from this one rule.
 */
export function noPublicTransportBackAt(
  returnTime: string | null | undefined,
  journeys: ReadonlyArray<{ return?: StepTypes | null }>,
): string | null {
  const back = returnTime ? /\d{2}:\d{2}/.exec(returnTime.split(' ')[1] ?? '')?.[0] : undefined;
  if (!back || journeys.length === 0 || journeys.some((j) => ridesPublicTransport(j.return))) return null;
  return back;
}
