import type { NoJourney } from '@cairn/contracts';

/** What the results page says for one reason a search found nothing, and the next action it offers. */
export interface NoJourneyCard {
  title: string;
  text: string;
  /** The label of the button that opens the journey form to change the search. */
  action: string;
}

const endsText = (ends: NoJourney['ends']) =>
  ends?.length === 2
    ? 'the start and the destination'
    : ends?.[0] === 'destination'
      ? 'the destination'
      : 'the start';

/** When public transport next leaves the stops near the start, as a sentence ('' when the server did not say). */
function nextDepartureSentence(next: NoJourney['next_departure']): string {
  if (next === undefined) return '';
  if (next === null) return ' No public transport leaves the stops near the start in the next 7 days.';
  const departure = `${next.line} towards ${next.towards} from ${next.stop} at ${next.departure.slice(11, 16)} on ${next.departure.slice(0, 10)}`;
  if (next.reaches_destination === false)
    return ` Nothing from the stops near the start goes towards the destination without a change in the next 7 days: the next departure there, ${departure}, does not go that way.`;
  return ` The next departure from the stops near the start${next.reaches_destination ? ' that calls near the destination' : ''} is ${departure}.`;
}

/**
 * Each reason for an empty result, as a card that says why and offers the next action (STYLE:
 * "in one table"; the reasons are the engine's, planner/port.ts NoJourneyReason).
 */
export function noJourneyCard(why: NoJourney): NoJourneyCard {
  switch (why.reason) {
    case 'same place':
      return {
        title: 'You are already there',
        text: 'The start and the destination are the same place, a few steps apart.',
        action: 'Change origin or destination',
      };
    case 'bad time':
      return {
        title: 'That time could not be read',
        text: 'The date or time of the journey is not one we can plan for.',
        action: 'Change the date or time',
      };
    case 'no stop near':
      return {
        title: 'No public transport near this place',
        text: `There is no stop within a walk of ${endsText(why.ends)}, and no door-to-door option fits this trip.`,
        action: 'Change origin or destination',
      };
    case 'no service':
      return {
        title: 'Nothing runs then',
        text: `No service runs between the stops near these places at that time${why.date ? ` on ${why.date}` : ''}.${nextDepartureSentence(why.next_departure)}`,
        action: 'Change the date or time',
      };
    case 'no return':
      if (why.first_arrival)
        return {
          title: 'No way there before the return',
          text: `Every way there arrives after the return time you chose: the first arrives at ${why.first_arrival.slice(11, 16)} on ${why.first_arrival.slice(0, 10)}.`,
          action: 'Change the times',
        };
      return {
        title: 'No way back at that time',
        text: 'We found ways there, but none with a way back at the return time you chose.',
        action: 'Change the return time',
      };
    case 'no option':
      return {
        title: 'No option fits',
        text: 'The options we found are all outside booking times or the travel types this service offers.',
        action: 'Change the journey',
      };
  }
}

/**
 * Options were found, none by public transport nor reachable on foot (the server's
 * `no_public_transport`): the note beside the cars and taxis, with the same reasons' words.
 */
export function noPublicTransportCard(why: NoJourney): NoJourneyCard {
  const title = 'No public transport for this trip';
  if (why.reason === 'no stop near')
    return {
      title,
      text: `There is no bus or train stop within a walk of ${endsText(why.ends)}: every option listed goes by car, taxi, bike or on foot.`,
      action: 'Change origin or destination',
    };
  return {
    title,
    text: `No bus, train or other public transport runs between the stops near these places at that time${why.date ? ` on ${why.date}` : ''}: every option listed goes by car, taxi, bike or on foot.${nextDepartureSentence(why.next_departure)}`,
    action: 'Change the date or time',
  };
}
