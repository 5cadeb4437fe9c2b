import type { Journey } from '@cairn/contracts';
import { AlertList, LiveBadge, LiveTime } from '../journey/LiveStatus.tsx';
import {
  breakLabel,
  breakSentence,
  journeyAlerts,
  worstLiveStep,
  type LiveTone,
} from '../journey/liveText.ts';
import { modeLabel } from '../lib/modeLabel.ts';
import { hasLive } from '../search/liveVersion.ts';

/** The tone of a journey's card edge: a broken journey is 'bad' whatever its steps say. */
export function cardTone(journey: Journey): LiveTone | null {
  if (journey.live_break) return 'bad';
  return worstLiveStep(journey)?.label.tone ?? null;
}

/**
 * A result card's live running at a glance (issue #18): the worst status of its rides with that
 * ride's timetable and live time, the alerts' headers, or that the journey no longer works.
 * A status region, so a change while the page is open is read out. Nothing without live data.
 */
export function LiveSummary({ journey }: { journey: Journey }) {
  if (!hasLive(journey) && !journey.live_break) return null;
  const worst = worstLiveStep(journey);
  const alerts = journeyAlerts(journey);
  return (
    <div className="live-summary" role="status">
      {journey.live_break ? (
        <p className="live-line">
          <LiveBadge label={breakLabel(journey.live_break)} />
          <span className="live-broken">
            This journey no longer works: {breakSentence(journey, journey.live_break)}.
          </span>
        </p>
      ) : (
        worst && (
          <p className="live-line">
            <LiveBadge label={worst.label} />
            {worst.label.tone !== 'good' && (
              <span>
                {modeLabel(worst.step.type)} {worst.step.service_number}{' '}
                <span className="visually-hidden">departs </span>
                <LiveTime
                  time={worst.step.departure_time}
                  scheduled={worst.step.live?.scheduled_departure_time}
                />
              </span>
            )}
          </p>
        )
      )}
      <AlertList alerts={alerts} detailed={false} />
    </div>
  );
}
