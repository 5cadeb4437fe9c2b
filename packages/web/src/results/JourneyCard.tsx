import { Link } from 'react-router';
import type { Journey, Leg } from '@cairn/contracts';
import { ModeIcon } from '../icons/Icons.tsx';
import { modeLabel } from '../lib/modeLabel.ts';
import { formatCo2, formatMiles, legChangeCount } from '@cairn/engine/format';
import { costLabel } from '../journey/costLabel.ts';
import { StepFreeLabel } from '../journey/StepFreeLabel.tsx';
import { JourneyNotices } from '../journey/JourneyNotices.tsx';
import { cardTone, LiveSummary } from './LiveSummary.tsx';
import { stageLines, stageLineText } from './stageLines.ts';
import { LegArrival, LegDeparture } from '../journey/LiveStatus.tsx';
import { legDurationText } from '../journey/liveText.ts';

/**
 * The stage icons of a leg, in order, each ride with its line numbers ("M91", "201"). A leg of one
 * stage without a line (a lift, a taxi, a ride by bike) also names it in words: a car icon beside
 * "Free" read as a free car, not as a lift. The icon's label already says it to a screen reader.
 */
export function ModeList({ leg, label }: { leg: Leg; label: string }) {
  const stages = stageLines(leg);
  const named = stages.length === 1 && stages[0]!.lines.length === 0;
  return (
    <ul className="modes" aria-label={label}>
      {stages.map((stage, i) => (
        <li key={`${stage.mode}-${i}`}>
          <ModeIcon mode={stage.mode} size={20} />
          {named && (
            <span className="mode-name" aria-hidden="true">
              {modeLabel(stage.mode)}
            </span>
          )}
          {stage.lines.map((line, n) => (
            <span key={line} className="line-number">
              <span className="visually-hidden">{n === 0 ? ' ' : ' and '}</span>
              {line}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** One option in the results list, linking to its details. */
export function JourneyCard({
  hash,
  journey,
  position,
}: {
  hash: string;
  journey: Journey;
  position: number;
}) {
  const leg = journey.depart;
  const changes = legChangeCount(leg);
  const tone = cardTone(journey);
  return (
    <article
      className={tone ? `journey-card live-card-${tone}` : 'journey-card'}
      aria-labelledby={`journey-${journey.id}-title`}
    >
      <h2 id={`journey-${journey.id}-title`}>
        <Link to={`/search/${hash}/results/${journey.id}`}>
          Option {position}: <LegDeparture leg={leg} /> – <LegArrival leg={leg} />
          <span className="visually-hidden">, {stageLines(leg).map(stageLineText).join(', ')}</span>
        </Link>
      </h2>
      <ModeList leg={leg} label="Outbound stages" />
      <LiveSummary journey={journey} />
      <dl>
        <div>
          <dt>Duration</dt>
          <dd>{legDurationText(leg)}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{costLabel(journey)}</dd>
        </div>
        <div>
          <dt>CO2</dt>
          <dd>{formatCo2(journey.carbon_emission)}</dd>
        </div>
        <div>
          <dt>Changes</dt>
          <dd>{changes}</dd>
        </div>
        <div>
          <dt>Walking</dt>
          <dd>{formatMiles(journey.total_walking_distance.value)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{journey.total_wait_time.text}</dd>
        </div>
      </dl>
      {journey.step_free && <StepFreeLabel value={journey.step_free} />}
      <JourneyNotices journey={journey} />
      {journey.return && (
        <div className="journey-card-return">
          <p className="muted">
            Return <LegDeparture leg={journey.return} /> – <LegArrival leg={journey.return} /> (
            {legDurationText(journey.return)})
          </p>
          <ModeList leg={journey.return} label="Return stages" />
        </div>
      )}
    </article>
  );
}

/** A card waiting for its journey (SPEC §4 placeholders). */
export function SkeletonCard() {
  return (
    <div className="skeleton" aria-hidden="true">
      <div className="bar" style={{ width: '40%' }} />
      <div className="bar" style={{ width: '70%' }} />
      <div className="bar" style={{ width: '55%' }} />
    </div>
  );
}
