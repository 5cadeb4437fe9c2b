import type { Journey, Leg } from '@cairn/contracts';
import { ModeIcon } from '../icons/Icons.tsx';
import { formatDayLabel } from '../lib/dates.ts';
import { formatCo2, formatMiles } from '@cairn/engine/format';
import { changesLabel, costLabel } from './costLabel.ts';
import { AlertList, LegArrival, LegDeparture, LiveBadge } from './LiveStatus.tsx';
import { journeyAlerts, legDurationText, rideName, worstLiveStep } from './liveText.ts';

function LegBox({ title, leg, from, to }: { title: string; leg: Leg; from: string; to: string }) {
  return (
    <section className="leg-box" aria-label={title}>
      <h2>{title}</h2>
      <p>{formatDayLabel(leg.departure_date)}</p>
      <dl>
        <div>
          <dt>Depart</dt>
          <dd>
            <LegDeparture leg={leg} />
          </dd>
        </div>
        <div>
          <dt>Arrive</dt>
          <dd>
            <LegArrival leg={leg} />
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{legDurationText(leg)}</dd>
        </div>
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
        {ret && (
          <div>
            <dt>Estimated return time</dt>
            <dd>{ret.arrival_at}</dd>
          </div>
        )}
        {ret && hospitalDeparture && (
          <div>
            <dt>Departure from hospital</dt>
            <dd>{ret.departure_at}</dd>
          </div>
        )}
        <div>
          <dt>Walking distance</dt>
          <dd>{formatMiles(journey.total_walking_distance.value)}</dd>
        </div>
        <div>
          <dt>Changes</dt>
          <dd>{changesLabel(journey)}</dd>
        </div>
        <div>
          <dt>Wait time</dt>
          <dd>{journey.total_wait_time.text}</dd>
        </div>
        <div>
          <dt>CO2 emissions</dt>
          <dd>{formatCo2(journey.carbon_emission)}</dd>
        </div>
        <div>
          <dt>Total estimated cost</dt>
          <dd className="total-cost">{costLabel(journey)}</dd>
        </div>
      </dl>
    </div>
  );
}
