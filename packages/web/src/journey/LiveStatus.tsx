import type { Leg, Step, StepAlert } from '@cairn/contracts';
import {
  liveLabel,
  liveLegArrival,
  liveLegDeparture,
  scheduledIfChanged,
  type LiveLabel,
} from './liveText.ts';
import './live.css';

/*
 * Live running on screen (issue #18): the status in words with a mark beside it (never by colour
 * alone), the timetable time struck through beside the live one, and the alerts of a ride.
 */

const MARK: Record<LiveLabel['tone'], string> = { good: '✓', warn: '!', bad: '✕', info: '+' };

/** "5 min late", "Cancelled" as a labelled badge. */
export function LiveBadge({ label }: { label: LiveLabel }) {
  return (
    <span className={`live-badge live-${label.tone}`}>
      <span aria-hidden="true">{MARK[label.tone]}</span> {label.text}
    </span>
  );
}

/** A live time, after the timetable time struck through when they differ. */
export function LiveTime({ time, scheduled }: { time: string; scheduled?: string | undefined }) {
  const was = scheduledIfChanged(time, scheduled);
  if (!was) return <>{time}</>;
  return (
    <>
      <s className="live-was">
        <span className="visually-hidden">timetabled </span>
        {was}
      </s>{' '}
      <span className="live-now">
        <span className="visually-hidden">now </span>
        {time}
      </span>
    </>
  );
}

/** When a leg sets off: a ride that starts it moves it with its live departure. */
export function LegDeparture({ leg }: { leg: Leg }) {
  const moved = liveLegDeparture(leg);
  return moved ? <LiveTime time={moved.time} scheduled={moved.planned} /> : <>{leg.departure_at}</>;
}

/** When a leg reaches its destination: as planned, or struck through beside the live time. */
export function LegArrival({ leg }: { leg: Leg }) {
  const moved = liveLegArrival(leg);
  return moved ? <LiveTime time={moved.time} scheduled={moved.planned} /> : <>{leg.arrival_at}</>;
}

/** Alerts as headers (a card) or with their full text and link (a step). */
export function AlertList({ alerts, detailed }: { alerts: StepAlert[]; detailed: boolean }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="live-alerts">
      {alerts.map((alert) => (
        <li key={alert.id} className="live-alert">
          <span aria-hidden="true">⚠</span> <span className="visually-hidden">Alert: </span>
          <strong>{alert.header}</strong>
          {detailed && alert.description && <p>{alert.description}</p>}
          {detailed && alert.url && (
            <p>
              <a href={alert.url} target="_blank" rel="noopener noreferrer">
                More about this alert
                <span className="visually-hidden"> ({alert.header}, opens in a new tab)</span>
              </a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * A transit step's live running in the step-by-step guide: status, timetable and live times, and
 * each alert in full. Announced politely when a newer live version changes it.
 */
export function StepLiveStatus({ step }: { step: Step }) {
  const live = step.live;
  if (!live) return null;
  const label = liveLabel(live);
  const moved =
    scheduledIfChanged(step.departure_time, live.scheduled_departure_time) ||
    scheduledIfChanged(step.arrival_time, live.scheduled_arrival_time);
  return (
    <div className="live-step" role="status">
      {(label || moved) && (
        <p className="live-line">
          {label && <LiveBadge label={label} />}
          {moved && !live.cancelled && (
            <span>
              Departs <LiveTime time={step.departure_time} scheduled={live.scheduled_departure_time} />
              {' · '}
              Arrives <LiveTime time={step.arrival_time} scheduled={live.scheduled_arrival_time} />
            </span>
          )}
        </p>
      )}
      <AlertList alerts={live.alerts} detailed />
    </div>
  );
}
