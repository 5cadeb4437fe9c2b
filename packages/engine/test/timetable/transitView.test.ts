// Feature under test: a view counts service days in the time zone it is given (a region's), while
// each feed's times keep their agency_timezone.
import { describe, expect, it } from 'vitest';
import { Raptor } from '../../src/raptor/raptor.ts';
import { localToEpochSec, serviceDayStartEpochSec } from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';

const NEW_YORK_FEED = baseFeed({
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nAG,Metro,https://example.invalid,America/New_York',
});
const DATE = 20260603;

/** The first boarding from A to C at or after an instant, as ISO local time in a zone. */
function firstBoarding(view: TransitView, epochSec: number, zone: string): string | undefined {
  const tt = view.timetable;
  const res = new Raptor(view).route({
    direction: 'depart-after',
    timeSec: epochSec - view.epochZeroSec,
    access: [{ stopIdx: tt.findStopById('f:A')!, durationSec: 0, mode: 'walk' }],
    egress: [{ stopIdx: tt.findStopById('f:C')!, durationSec: 0, mode: 'walk' }],
  });
  const ride = res.journeys[0]?.legs.find((l) => l.kind === 'transit');
  return ride ? formatLocalIso(zone, view.epochZeroSec + ride.startSec) : undefined;
}

describe('TransitView time zone', () => {
  const tt = timetableFrom(NEW_YORK_FEED);

  it('starts the service day in the time zone it is given', () => {
    expect(tt.timezone).toBe('America/New_York');
    expect(new TransitView(tt, DATE, 'Europe/London').epochZeroSec).toBe(
      serviceDayStartEpochSec('Europe/London', DATE),
    );
    expect(new TransitView(tt, DATE).epochZeroSec).toBe(serviceDayStartEpochSec('America/New_York', DATE));
  });

  it('keeps the feed’s own clock for its trips', () => {
    // 13:55 in London is 08:55 in New York on this date: the 09:00 New York trip is the next one.
    const view = new TransitView(tt, DATE, 'Europe/London');
    const at = localToEpochSec('Europe/London', DATE, 13 * 3600 + 55 * 60);
    expect(firstBoarding(view, at, 'America/New_York')).toBe('2026-06-03T09:00:00-04:00');
    expect(firstBoarding(view, at, 'Europe/London')).toBe('2026-06-03T14:00:00+01:00');
  });
});
