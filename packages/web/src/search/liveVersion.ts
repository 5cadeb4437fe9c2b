import type { Journey, Leg } from '@cairn/contracts';

// Which live version a journey shows: what the search's store and an open journey need to decide
// whether an update on the channel is new (issue #18). The words for live running are in
// journey/liveText.ts.

/** The journey's legs in travel order: outbound, then the return when there is one. */
export function legsOf(journey: Journey): Leg[] {
  return journey.return ? [journey.depart, journey.return] : [journey.depart];
}

/** True when any step of the journey carries live running (journeys without it show nothing new). */
export function hasLive(journey: Journey): boolean {
  return legsOf(journey).some((leg) => leg.steps.some((step) => step.live));
}

/** True when the journey already shows a live version (an event about it is one replayed). */
export function showsLiveVersion(journey: Journey, liveVersion: string): boolean {
  if (journey.live_break?.live_version === liveVersion) return true;
  return legsOf(journey).some((leg) => leg.steps.some((step) => step.live?.version === liveVersion));
}
