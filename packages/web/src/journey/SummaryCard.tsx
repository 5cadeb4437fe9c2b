import type { Journey, Leg } from '@cairn/contracts';
import { ModeIcon } from '../icons/Icons.tsx';
import { formatDayLabel } from '../lib/dates.ts';
import { CostFigure, Figure, JourneyFigures } from './JourneyFigures.tsx';
import { AlertList, LegArrival, LegDeparture, LiveBadge } from './LiveStatus.tsx';
import { journeyAlerts, legDurationText, rideName, worstLiveStep } from './liveText.ts';

function LegBox({ title, leg, from, to }: { title: string; leg: Leg; from: string; to: string }) {
  return (
    <section className="leg-box" aria-label={title}>
      <h2>{title}</h2>
      <p>{formatDayLabel(leg.departure_date)}</p>
      <dl>
        <Figure term="Depart">
          <LegDeparture leg={leg} />
        </Figure>
        <Figure term="Arrive">
          <LegArrival leg={leg} />
        </Figure>
        <Figure term="Duration">{legDurationText(leg)}</Figure>
      </dl>
      <p>
        From <strong>{from}</strong> to <strong>{to}</strong>
      </p>
    </section>
  );
}

type Props = { journey: Journey; showReturn: boolean; hospitalDeparture: boolean };

/** The summary card: mode icons, outbound and return, distances, wait, cost. */
export function SummaryCard({ journey, showReturn, hospitalDeparture }: Props) {
  const ret = journey.return;
  const worst = worstLiveStep(journey);
  return (
    <div className="summary">
      {(worst || journeyAlerts(journey).length > 0) && (
        <div className="live-summary">
          {worst && worst.label.tone !== 'good' && (
            <p className="live-line">
              <LiveBadge label={worst.label} /> The {worst.step.live!.scheduled_departure_time}{' '}
              {rideName(worst.step)}
            </p>
          )}
          <AlertList alerts={journeyAlerts(journey)} detailed={false} />
        </div>
      )}
      <ul className="modes" aria-label="Transport methods">
        {[...new Set(journey.depart.stages)].map((s) => (
          <li key={s}>
            <ModeIcon mode={s} size={22} />
          </li>
        ))}
      </ul>
      <div className="summary-grid">
        <LegBox
          title="Outbound journey"
          leg={journey.depart}
          from={journey.origin}
          to={journey.destination}
        />
        {ret && showReturn && (
          <LegBox title="Return journey" leg={ret} from={journey.destination} to={journey.origin} />
        )}
      </div>
      <dl>
        {ret && <Figure term="Estimated return time">{ret.arrival_at}</Figure>}
        {ret && hospitalDeparture && <Figure term="Departure from hospital">{ret.departure_at}</Figure>}
        <JourneyFigures journey={journey} />
        <CostFigure journey={journey} valueClass="total-cost" />
      </dl>
    </div>
  );
}
