import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useBrand, useRegionNow } from '../brand/ConfigContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { PlannerForm } from './PlannerForm.tsx';
import { initialPlannerValues } from './plannerValues.ts';

/** Home: the planner, prefilled from the origin/destination route or query params. */
export default function HomePage() {
  const brand = useBrand();
  const params = useParams();
  const [search] = useSearchParams();
  useDocumentTitle('Plan your journey');
  const now = useRegionNow();
  const initial = useMemo(
    () =>
      initialPlannerValues(now, {
        origin: params.origin ?? search.get('origin'),
        destination: params.destination ?? search.get('destination'),
      }),
    [now, params.origin, params.destination, search],
  );
  return (
    <div className="home">
      <div className="home-hero">
        <p className="home-intro">
          {brand.title}: plan door-to-door journeys by bus, train, ferry, bike, car and on foot, with prices
          and carbon estimates.
        </p>
      </div>
      <div className="home-columns">
        <div className="home-card">
          <PlannerForm initial={initial} submitLabel="Find Routes & Times" />
        </div>
        <aside className="home-aside" aria-labelledby="home-aside-heading">
          <h2 id="home-aside-heading">How it works</h2>
          <ol>
            <li>Tell us where and when you are travelling, one way or there and back.</li>
            <li>Compare options by cost, time, changes, walking and carbon emissions.</li>
            <li>Open an option for a map, a step-by-step guide and the operators' details.</li>
          </ol>
          <p>Prices are estimates. You book and pay with the transport operators directly.</p>
        </aside>
      </div>
    </div>
  );
}
