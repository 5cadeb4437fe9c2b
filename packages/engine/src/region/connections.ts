import { z } from 'zod';

/*
 * Minimum connection times from a first mile onto a timetabled ride (issue 27): how long before a
 * ride leaves the traveller must be at its stop after each way of getting there. OpenTripPlanner
 * calls the same idea board slack (per mode) and transfer slack; we set it per pair of the way in
 * (walk, bike, own car, drop-off, booked ride) and the ride's kind (rail or road), because a lift to
 * a station and a lift to a bus stop need different margins. The defaults are our own choice for
 * rural Scotland, written where an operator can change them; region.json documents each one.
 */

const Seconds = z.number().int().nonnegative().max(3600);

export const Connections = z
  .strictObject({
    walkToRideSec: Seconds.default(60).describe(
      'Boarding margin after a walk to a stop: the traveller is there this long before the ride leaves (none for a stop at the door)',
    ),
    dropOffToRailSec: Seconds.default(5 * 60).describe(
      'Set down by a lift or taxi at a station: time to get out, into the station and onto the platform',
    ),
    dropOffToRoadSec: Seconds.default(2 * 60).describe(
      "Set down by a lift for a bus, coach or other road or water ride (a booked taxi keeps at least dropOffToRailSec: its times are not the traveller's to keep)",
    ),
    parkAndRideSec: Seconds.default(10 * 60).describe(
      'Park & ride: find a space, pay for parking and walk to the platform or stop',
    ),
    bikeParkingSec: Seconds.default(5 * 60).describe(
      'Bike & ride: lock the bike at the cycle parking and walk to the platform or stop',
    ),
    flexibleToRideSec: Seconds.default(10 * 60).describe(
      'A DRT or community-transport ride reaches the stop this long before the timetabled ride (booked rides keep a pick-up window)',
    ),
    stepFreeExtraSec: Seconds.default(3 * 60).describe(
      'Added to every connection above for a step-free traveller (ramps, lifts, a slower pace)',
    ),
    stepFreeRailExtraSec: Seconds.default(10 * 60).describe(
      'Added again for a step-free traveller boarding a train: time to meet the staff who bring the ramp (Passenger Assist)',
    ),
    tightLastDepartureSec: Seconds.default(10 * 60).describe(
      'A connection onto the last departure of the day with less spare time than this is flagged to the traveller',
    ),
  })
  .describe('Minimum connection times onto timetabled rides, by the way the traveller reaches the stop');
export type Connections = z.infer<typeof Connections>;
