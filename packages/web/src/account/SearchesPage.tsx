import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRAVEL_TYPES, type RecentSearchItem, type SavedJourneyItem } from '@cairn/contracts';
import { isOneOf } from '../lib/isOneOf.ts';
import { ModeIcon } from '../icons/Icons.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { formatChanges } from '@cairn/engine/format';
import { formatCostText } from '../journey/costLabel.ts';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { fetchRecentSearches, fetchSavedJourneys, type Page } from './accountApi.ts';
import { formatLegTimes, formatWhen, stageLabel } from './listFormat.ts';
import { pagerFor, parsePage } from './pagination.ts';
import { truncateAddress } from './truncate.ts';
import './account.css';

type ListKind = 'recent' | 'saved';

/** SPEC §8: list failures are logged only, with no message to the user. */
function logged<T>(p: Promise<T>): Promise<T> {
  return p.catch((error: unknown) => {
    console.error('Could not load the list', error);
    throw error;
  });
}

/** My Trips: Recent searches (default) or Saved journeys, 10 a page with Prev/Next. */
export default function SearchesPage() {
  useDocumentTitle('My Trips');
  const [params, setParams] = useSearchParams();
  // The list and page live in state so the toggle answers at once; the URL mirrors them for reloads.
  const [kind, setKind] = useState<ListKind>(() => (params.get('list') === 'saved' ? 'saved' : 'recent'));
  const [page, setPage] = useState(() => parsePage(params.get('page')));
  const go = (next: { kind?: ListKind; page?: number }) => {
    const k = next.kind ?? kind;
    const p = next.page ?? 1;
    setKind(k);
    setPage(p);
    const q = new URLSearchParams();
    if (k === 'saved') q.set('list', 'saved');
    if (p > 1) q.set('page', String(p));
    setParams(q, { replace: true });
  };
  return (
    <div className="page-narrow account-page searches-page">
      <h1>My Trips</h1>
      <div className="toggle-group" role="radiogroup" aria-label="Show">
        {(['recent', 'saved'] as const).map((k) => (
          <label key={k} className={`toggle ${kind === k ? 'toggle-on' : ''}`}>
            <input
              type="radio"
              name="searches-list"
              value={k}
              checked={kind === k}
              onChange={() => go({ kind: k })}
            />
            {k === 'recent' ? 'Recent' : 'Saved'}
          </label>
        ))}
      </div>
      {kind === 'recent' ? (
        <RecentList page={page} onPage={(p) => go({ page: p })} />
      ) : (
        <SavedList page={page} onPage={(p) => go({ page: p })} />
      )}
    </div>
  );
}

function RecentList({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const query = useQuery({
    queryKey: ['recent-searches', page],
    queryFn: () => logged(fetchRecentSearches(page)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <ListFrame
      kind="recent"
      hint="Select a journey to plan again."
      empty="There are no recent searches"
      query={query}
      page={page}
      onPage={onPage}
    >
      {(item: RecentSearchItem) => (
        <li key={item.hash} className="trip-card">
          <Link
            to={`/plan/${encodeURIComponent(item.origin_address)}/${encodeURIComponent(item.destination_address)}`}
            className="trip-link"
          >
            <span className="visually-hidden">
              Plan again: from {item.origin_address} to {item.destination_address}
            </span>
            <span aria-hidden="true" className="trip-ends">
              <span title={item.origin_address}>{truncateAddress(item.origin_address)}</span>
              <span className="trip-arrow">→</span>
              <span title={item.destination_address}>{truncateAddress(item.destination_address)}</span>
            </span>
          </Link>
          <p className="muted trip-when">
            {formatWhen(item.out_departure_at)}
            {item.return_departure_at ? `, returning ${formatWhen(item.return_departure_at)}` : ''}
          </p>
        </li>
      )}
    </ListFrame>
  );
}

function SavedList({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const query = useQuery({
    queryKey: ['saved-journeys', page],
    queryFn: () => logged(fetchSavedJourneys(page)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <ListFrame
      kind="saved"
      hint="Select a journey to view details."
      empty="There are no saved journeys"
      query={query}
      page={page}
      onPage={onPage}
    >
      {(item: SavedJourneyItem) => <SavedCard key={item.journey_id} item={item} />}
    </ListFrame>
  );
}

/** A saved journey with every SPEC §3 field: ends, return flag, cost, dates and times, durations, stage modes. */
export function SavedCard({ item }: { item: SavedJourneyItem }) {
  return (
    <li className="trip-card">
      <Link
        to={`/search/${encodeURIComponent(item.hash)}/results/${encodeURIComponent(item.journey_id)}`}
        className="trip-link"
      >
        {item.origin} → {item.destination_address}
      </Link>
      <dl className="trip-facts">
        <div>
          <dt>Journey</dt>
          <dd>{item.is_return ? 'Return' : 'Single'}</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd>{formatCostText(item.cost)}</dd>
        </div>
        <div>
          <dt>Outbound</dt>
          <dd>{formatLegTimes(item.out_date, item.out_time, item.out_arrive_time)}</dd>
        </div>
        <div>
          <dt>Outbound duration</dt>
          <dd>{item.duration_depart.text}</dd>
        </div>
        {item.is_return && item.return_date && item.return_time && (
          <div>
            <dt>Return</dt>
            <dd>{formatLegTimes(item.return_date, item.return_time, item.return_arrive_time ?? '')}</dd>
          </div>
        )}
        {item.duration_return && (
          <div>
            <dt>Return duration</dt>
            <dd>{item.duration_return.text}</dd>
          </div>
        )}
        {item.changes && (
          <div>
            <dt>Changes</dt>
            <dd>
              {formatChanges(item.changes.depart)}
              {item.changes.return !== null && `, return: ${formatChanges(item.changes.return)}`}
            </dd>
          </div>
        )}
        {/* Named on screen too: a return's lists read "Cycle", "Cycle" when unnamed. */}
        <StageFact label="Outbound stages" stages={item.stages.depart} />
        {item.stages.return && item.stages.return.length > 0 && (
          <StageFact label="Return stages" stages={item.stages.return} />
        )}
      </dl>
    </li>
  );
}

/** A leg's stage list as one of the card's facts, named by `label`. */
function StageFact({ label, stages }: { label: string; stages: readonly string[] }) {
  return (
    <div className="trip-stages">
      <dt>{label}</dt>
      <dd>
        <StageList label={label} stages={stages} />
      </dd>
    </div>
  );
}

function StageList({ label, stages }: { label: string; stages: readonly string[] }) {
  return (
    <ul className="modes trip-modes" aria-label={label}>
      {stages.map((stage, i) => (
        <li key={`${stage}-${i}`}>
          {isOneOf(TRAVEL_TYPES, stage) && <ModeIcon mode={stage} size={18} decorative />}
          {stageLabel(stage)}
        </li>
      ))}
    </ul>
  );
}

type FrameProps<T> = {
  kind: ListKind;
  hint: string;
  empty: string;
  query: { data: Page<T> | undefined; isPending: boolean; isError: boolean; isFetching: boolean };
  page: number;
  onPage: (p: number) => void;
  children: (item: T) => ReactNode;
};

function ListFrame<T>({ kind, hint, empty, query, page, onPage, children }: FrameProps<T>) {
  if (query.isPending) return <Spinner />;
  // A failed list reads as an empty one (the failure is logged).
  const items = query.data?.data ?? [];
  const pager = pagerFor(query.data?.meta, items.length, page);
  return (
    <section aria-labelledby={`${kind}-heading`} aria-busy={query.isFetching || undefined}>
      <h2 id={`${kind}-heading`}>{kind === 'recent' ? 'Recent searches' : 'Saved journeys'}</h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <p className="muted">{hint}</p>
          <ul className="cards trip-list">{items.map((item) => children(item))}</ul>
        </>
      )}
      {pager.total > 0 && (
        <nav
          className="pager"
          aria-label={kind === 'recent' ? 'Recent searches pages' : 'Saved journeys pages'}
        >
          <button
            type="button"
            className="button"
            disabled={!pager.hasPrev}
            onClick={() => onPage(pager.page - 1)}
          >
            Prev
          </button>
          <span aria-live="polite">
            {pager.first}–{pager.last} of {pager.total}
          </span>
          <button
            type="button"
            className="button"
            disabled={!pager.hasNext}
            onClick={() => onPage(pager.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
