import { Link, useParams } from 'react-router';
import type { Leg } from '@cairn/contracts';
import { BRAND_LOGO_URL, useBrand } from '../../brand/ConfigContext.tsx';
import { formatDayLabel } from '../../lib/dates.ts';
import { useDocumentTitle } from '../../brand/useDocumentTitle.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatCostText } from '../costLabel.ts';
import { CostFigure, Figure, JourneyFigures } from '../JourneyFigures.tsx';
import { DirectionText } from '../DirectionText.tsx';
import { useJourney } from '../useJourney.ts';
import { modeWithCost } from '../../lib/modeLabel.ts';
import { gradientText } from './gradient.ts';

function PrintSteps({ leg, title }: { leg: Leg; title: string }) {
  return (
    <section className="print-leg">
      <h2>
        {title}: {formatDayLabel(leg.departure_date)}, {leg.departure_at} – {leg.arrival_at} (
        {leg.duration.text})
      </h2>
      <ol className="steps">
        {leg.steps.map((step, i) => {
          const gradient = gradientText([step]);
          return (
            <li key={i} className="step">
              <strong>
                {step.departure_time} {modeWithCost(step.type, formatCostText(step.cost))}
                {step.agency ? ` · ${step.agency.name}` : ''}
              </strong>
              <span>{step.description}</span>
              <span className="step-meta">
                <span>{step.duration.text}</span>
                <span>{step.distance.text}</span>
                {gradient && <span>Gradient: {gradient}</span>}
              </span>
              {step.directions.length > 0 && (
                <ol className="directions">
                  {step.directions.map((d, k) => (
                    <li key={k}>
                      <DirectionText direction={d} /> ({d.distance.text})
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * PrintJourney: logo, journey details and every step, laid out for paper. SPEC's gradient
 * ("108ft 0ft") and traffic ("Busy") are static placeholders: the page prints the real climb of
 * the walks and rides instead, and no traffic, for which Cairn has no data (web README).
 */
export default function PrintJourneyPage() {
  const { hash = '', journeyId = '' } = useParams();
  const brand = useBrand();
  const { data: journey, isPending, isError } = useJourney(hash, journeyId, false);
  useDocumentTitle('Print journey');
  if (isPending) return <Spinner />;
  if (isError || !journey)
    return (
      <div className="page-narrow">
        <h1>Journey not found</h1>
      </div>
    );
  const gradient = gradientText([...journey.depart.steps, ...(journey.return?.steps ?? [])]);
  return (
    <article className="print-page page-narrow">
      <img src={BRAND_LOGO_URL} alt={brand.title} width={220} height={48} />
      <h1>
        Your journey: {journey.origin} to {journey.destination}
      </h1>
      <div className="actions no-print">
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          Print this page
        </button>
        <Link className="button" to={`/search/${hash}/results/${journeyId}`}>
          Back to journey details
        </Link>
      </div>
      <dl className="summary">
        <CostFigure journey={journey} />
        <JourneyFigures journey={journey} />
        {gradient && <Figure term="Gradient on foot and by bike">{gradient}</Figure>}
      </dl>
      <PrintSteps leg={journey.depart} title="Outbound" />
      <ol className="steps">
        <li className="step step-end">
          <strong>Arrive at the destination</strong> {journey.depart.arrival_at}, {journey.destination}
        </li>
        {brand.appointmentMode && (
          <li className="step step-end">
            <strong>Attend appointment</strong> 1 hour
          </li>
        )}
      </ol>
      {journey.return && (
        <>
          <PrintSteps leg={journey.return} title="Return" />
          <ol className="steps">
            <li className="step step-end">
              <strong>Return home</strong> {journey.return.arrival_at}, {journey.origin}
            </li>
          </ol>
        </>
      )}
    </article>
  );
}
