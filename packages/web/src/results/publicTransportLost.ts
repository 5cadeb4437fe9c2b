import {
  goesByPublicTransport,
  noPublicTransportBackAt,
  type Journey,
  type NoJourney,
  type SearchQuery,
} from '@cairn/contracts';
import { noPublicTransportCard } from './noJourneyCards.ts';

/** What the results page says when a return search found options, none coming back by public transport. */
export interface PublicTransportLost {
  title: string;
  text: string;
  action: string;
}

/**
 * A return search whose options all come back by car, taxi, bike or on foot (often a train there
 * and a taxi back): usually the return time is after the last bus or train back (a late-evening
 * return), so the page says so, instead of only listing cars and taxis, and offers to change the
 * return time (contracts' noPublicTransportBackAt, which `cairn plan` follows too). Null for a
 * single journey, with no options, and when any option rides back on public transport. When the
 * server said why no option is by public transport either way (`no_public_transport`: Dufftown →
 * Nethy Bridge on a Tuesday, a lift alone), that is said instead.
 */
export function publicTransportLost(
  query: Pick<SearchQuery, 'return_time'> | null,
  journeys: readonly Journey[],
  none: NoJourney | null = null,
): PublicTransportLost | null {
  if (none && journeys.length > 0 && !journeys.some(goesByPublicTransport))
    return noPublicTransportCard(none);
  const back = noPublicTransportBackAt(query?.return_time, journeys);
  if (!back) return null;
  return {
    title: `No public transport back at ${back}`,
    text:
      `No bus, train or other public transport brings you back at ${back}: every option below ` +
      'returns by taxi, car, bike or on foot. The last service back may leave earlier, or public ' +
      'transport may get you there too late to come back then.',
    action: 'Change the return time',
  };
}
