import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { SORT_KEYS, type NoJourney, type PlaceErrors, type SearchQuery } from '@cairn/contracts';
import { isOneOf } from '../lib/isOneOf.ts';
import { useBrand, useRegionNow } from '../brand/ConfigContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { useRevealInSteps } from '../lib/useRevealInSteps.ts';
import { PlannerForm } from '../planner/PlannerForm.tsx';
import { valuesFromQuery } from '../planner/plannerValues.ts';
import { AdBanner } from './AdBanner.tsx';
import { JourneyCard, SkeletonCard } from './JourneyCard.tsx';
import { noJourneyCard } from './noJourneyCards.ts';
import { publicTransportLost, type PublicTransportLost } from './publicTransportLost.ts';
import { RefinePanel } from './RefinePanel.tsx';
import { clearResults, useResults } from '../search/resultsStore.ts';
import { isLoading, placeholderCount } from '../search/resultsState.ts';
import { DEFAULT_SORT, sortCards } from './sortJourneys.ts';
import { listStageOptions, parseFilters, passesStageFilter } from './stageFilter.ts';
import { restoreFocus } from '../ui/Modal.tsx';
import { describeSearchTime } from './searchWhen.ts';
import { noOtherReturnMessage, type ReturnShift } from '../journey/appointment.ts';
import { keepTabInside } from '../ui/keepTabInside.ts';

/** A card re-renders only when its own journey or position changes, not for each journey streamed in. */
const Card = memo(JourneyCard);
/** Cards rendered before the first yield: about a phone's first screen. */
const FIRST_CARDS = 3;

/** Results: journeys stream in over the query's channel, filtered and sorted from the query string. */
export default function ResultsPage() {
  const { hash = '' } = useParams();
  const brand = useBrand();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const results = useResults(hash, brand.resultsDelaySec);
  const [editing, setEditing] = useState(false);

  const sortParam = params.get('sort');
  const sort = isOneOf(SORT_KEYS, sortParam) ? sortParam : DEFAULT_SORT;
  const filters = params.get('filters');
  const selected = parseFilters(filters);
  const mode = brand.enableMultipleJourneyTypeFilter ? 'multiple' : 'single';
  const stages = useMemo(
    () => listStageOptions(results.journeys, brand.blockedTravelTypes, parseFilters(filters)),
    [results.journeys, brand.blockedTravelTypes, filters],
  );
  const visible = results.journeys.filter((j) =>
    passesStageFilter(j, mode, selected, stages, brand.blockedTravelTypes),
  );
  const loading = isLoading(results);
  const cards = sortCards(visible, placeholderCount(results), sort);
  const cardsShown = useRevealInSteps(cards.length, FIRST_CARDS, FIRST_CARDS);
  const waiting = useCountdown(results.startAt);
  const lost =
    loading || results.failed
      ? null
      : publicTransportLost(results.query, results.journeys, results.noPublicTransport);

  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const query = results.query;
  const route = query
    ? { origin: query.origin_address, destination: query.destination_address }
    : (location.state as { origin?: string; destination?: string } | null);
  // Set by "Earlier/Later return option" on a health brand's journey.
  const returnShift = (location.state as { returnShift?: ReturnShift } | null)?.returnShift;
  const routeText = route?.origin && route.destination ? `${route.origin} to ${route.destination}` : null;
  useDocumentTitle(
    routeText ? `${routeText}: journey options` : 'Select journey option',
    routeText
      ? `Journey options from ${route!.origin} to ${route!.destination}: compare times, prices, changes and carbon emissions.`
      : undefined,
  );
  return (
    <div>
      <div className="results-header">
        {/* The route line and the button keep their space until the query is read, so the
            cards below do not jump when it arrives. */}
        <h1>
          Select journey option
          <span className="route">{routeText ?? '\u00a0'}</span>
          <span className="route-when">{query ? describeSearchTime(query) : '\u00a0'}</span>
        </h1>
        <button
          type="button"
          className={query ? 'button' : 'button space-kept'}
          onClick={() => setEditing(true)}
          aria-haspopup="dialog"
          disabled={!query}
        >
          Edit journey
        </button>
      </div>

      {editing && query && (
        <EditPanel onClose={() => setEditing(false)}>
          <EditJourneyForm query={query} onSubmitted={() => setEditing(false)} />
        </EditPanel>
      )}

      <div className="results-layout">
        <div className="results-main">
          {waiting > 0 && (
            <div className="panel" role="status">
              <p>
                Gathering your results: we wait a few seconds so every operator can answer ({waiting} s left).
              </p>
              <div className="progress" aria-hidden="true">
                <span
                  style={{
                    width: `${Math.round(((brand.resultsDelaySec - waiting) / Math.max(1, brand.resultsDelaySec)) * 100)}%`,
                  }}
                />
              </div>
            </div>
          )}
          {/* The line stays once loading ends, so the cards below do not move up; it then names
              what the note below the options explains, if anything. */}
          {waiting === 0 && (
            <p role="status" className="loading-text">
              {loading && (
                <>
                  <span className="spinner-wheel spinner-inline" aria-hidden="true" /> Gathering your results
                  {results.expected !== null && ` (${results.journeys.length} of ${results.expected})`}
                </>
              )}
              {lost?.title}
            </p>
          )}
          {results.failed && (
            <div className="no-results" role="alert">
              <h2>The search did not finish</h2>
              <p>{results.failed}</p>
              <Link className="button" to="/">
                Plan a new journey
              </Link>
            </div>
          )}
          {!loading && !results.failed && results.placeErrors && (
            <PlaceNotFound errors={results.placeErrors} onEdit={query ? () => setEditing(true) : undefined} />
          )}
          {!loading && returnShift && noOtherReturnMessage(results.journeys, returnShift) && (
            <p role="status" className="notice">
              {noOtherReturnMessage(results.journeys, returnShift)}
            </p>
          )}
          {!loading && !results.failed && !results.placeErrors && results.noJourney && (
            <NoJourneyFound why={results.noJourney} onEdit={query ? () => setEditing(true) : undefined} />
          )}
          {!loading &&
            !results.failed &&
            !results.placeErrors &&
            !results.noJourney &&
            visible.length === 0 && <NoResults filtered={results.journeys.length > 0} />}
          <ol className="cards" aria-label="Journey options" aria-busy={loading}>
            {cards.slice(0, cardsShown).map((card, i) =>
              card.kind === 'journey' ? (
                <li key={card.journey.id}>
                  <Card hash={hash} journey={card.journey} position={i + 1} />
                </li>
              ) : (
                <li key={card.key}>
                  <SkeletonCard />
                </li>
              ),
            )}
            {loading &&
              results.expected === null &&
              [0, 1, 2].map((i) => (
                <li key={`pending-${i}`}>
                  <SkeletonCard />
                </li>
              ))}
          </ol>
          {/* Below the options: it is known only once the last one is in, and above them it would
              push down the cards already drawn (a layout shift of 0.26 on a phone, issue 31). */}
          {lost && <NoPublicTransport lost={lost} onEdit={() => setEditing(true)} />}
          <AdBanner url={brand.adBannerUrl} />
        </div>
        {/* A search that failed has nothing to filter or sort: the controls would do nothing. */}
        {!results.failed && (
          <RefinePanel
            mode={mode}
            stages={stages}
            selected={selected}
            sort={sort}
            onFilter={(next) => update('filters', next === null ? null : next.join(','))}
            onSort={(next) => update('sort', next === DEFAULT_SORT ? null : next)}
          />
        )}
      </div>
    </div>
  );
}

/** SPEC §2 "No search results", with the three suggestions. */
function NoResults({ filtered }: { filtered: boolean }) {
  return (
    <section className="no-results" aria-labelledby="no-results-heading">
      <h2 id="no-results-heading">No search results</h2>
      <p>Your search returned no results{filtered ? ' with the filters you applied' : ''}. You could:</p>
      <ul>
        <li>amend your origin or destination,</li>
        <li>update the dates and times of your journey,</li>
        <li>update the filters you have applied.</li>
      </ul>
    </section>
  );
}

/** No results, and the planner said why (issue #27): the reason's card, with its next action. */
function NoJourneyFound({ why, onEdit }: { why: NoJourney; onEdit: (() => void) | undefined }) {
  const card = noJourneyCard(why);
  return (
    <section className="no-results" role="alert" aria-labelledby="no-journey-heading">
      <h2 id="no-journey-heading">{card.title}</h2>
      <p>{card.text}</p>
      {onEdit && (
        <button type="button" className="button" onClick={onEdit}>
          {card.action}
        </button>
      )}
    </section>
  );
}

/** Options found, none by public transport: says so above the cars and taxis, with a way to change the return. */
function NoPublicTransport({ lost, onEdit }: { lost: PublicTransportLost; onEdit: () => void }) {
  return (
    <section className="no-results" role="status" aria-labelledby="no-public-transport-heading">
      <h2 id="no-public-transport-heading">{lost.title}</h2>
      <p>{lost.text}</p>
      <button type="button" className="button" onClick={onEdit}>
        {lost.action}
      </button>
    </section>
  );
}

/**
 * No results because an end could not be placed: the SPEC §8 empty state says why (a place not
 * found, or outside the area) per end, with a way to change it.
 */
function PlaceNotFound({ errors, onEdit }: { errors: PlaceErrors; onEdit: (() => void) | undefined }) {
  const messages = [...(errors.origin ?? []), ...(errors.destination ?? [])];
  return (
    <section className="no-results" role="alert" aria-labelledby="place-errors-heading">
      <h2 id="place-errors-heading">We couldn't plan this journey</h2>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <p>Choose a suggestion as you type to be sure the place is found.</p>
      {onEdit && (
        <button type="button" className="button" onClick={onEdit}>
          Change origin or destination
        </button>
      )}
    </section>
  );
}

/**
 * The planner filled from the search, for the Edit journey panel. It reads the region's clock (an
 * Intl date formatter) only once the panel opens: the first view of Results shows no Intl date, so
 * a cold load is spared ICU's date data and its task (issue 31).
 */
function EditJourneyForm({ query, onSubmitted }: { query: SearchQuery; onSubmitted: () => void }) {
  const now = useRegionNow();
  return (
    <PlannerForm
      initial={{ ...valuesFromQuery(query, now), acceptTerms: true }}
      submitLabel="Update routes"
      headingLevel="h2"
      onSubmitted={(next) => {
        clearResults(next);
        onSubmitted();
      }}
    />
  );
}

/**
 * The Edit journey side panel (460px), closed by Escape or its close button. It is modal: Tab
 * stays inside it, and closing gives focus back to what opened it.
 */
function EditPanel({ children, onClose }: { children: React.ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (ref.current) keepTabInside(ref.current, e);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      restoreFocus(previous);
    };
  }, [onClose]);
  return (
    <>
      <div className="side-panel-backdrop" onClick={onClose} />
      <div
        className="side-panel"
        role="dialog"
        aria-modal="true"
        aria-label="Edit journey"
        ref={ref}
        tabIndex={-1}
      >
        <div className="side-panel-header">
          <p className="side-panel-title">
            <strong>Edit journey</strong>
          </p>
          <button type="button" className="icon-button" onClick={onClose} aria-label="Close edit journey">
            ×
          </button>
        </div>
        {children}
      </div>
    </>
  );
}

/** Seconds left until `startAt`, ticking once a second. */
function useCountdown(startAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((startAt - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [left]);
  return left;
}
