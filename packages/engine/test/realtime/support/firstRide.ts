// Stop-to-stop routing on a live view, as the realtime tests check it.
import { Raptor } from '../../../src/raptor/raptor.ts';
import { formatLocalIso } from '../../../src/format/localTime.ts';
import type { LivePatches } from '../../../src/timetable/livePatch.ts';
import type { Timetable } from '../../../src/timetable/timetable.ts';
import { TransitView } from '../../../src/timetable/transitView.ts';
import { london } from './rtFeed.ts';

/** First journey between two stops of feed "f" after `hhmm` London time on `date`, on the live view: "HH:MM-HH:MM", or "none". */
export function firstRide(
  tt: Timetable,
  live: LivePatches | undefined,
  from: string,
  to: string,
  date: number,
  hhmm: string,
): string {
  const view = new TransitView(tt, date, 'Europe/London', live);
  const j = new Raptor(view).route({
    direction: 'depart-after',
    timeSec: london(date, hhmm) - view.epochZeroSec,
    access: [{ stopIdx: tt.findStopById(`f:${from}`)!, durationSec: 0, mode: 'walk' }],
    egress: [{ stopIdx: tt.findStopById(`f:${to}`)!, durationSec: 0, mode: 'walk' }],
  }).journeys[0];
  if (!j) return 'none';
  const clock = (s: number) => formatLocalIso('Europe/London', view.epochZeroSec + s).slice(11, 16);
  return `${clock(j.departureSec)}-${clock(j.arrivalSec)}`;
}
