import { SORT_KEYS, type SortKey } from '@cairn/contracts';
import { SORT_LABELS } from './sortJourneys.ts';
import { filterName } from '../lib/modeLabel.ts';

type Props = {
  mode: 'single' | 'multiple';
  stages: readonly string[];
  selected: readonly string[] | null;
  sort: SortKey;
  onFilter: (next: string[] | null) => void;
  onSort: (next: SortKey) => void;
};

/** Refine: "Showing" (filter by stage) and "Sort by". */
export function RefinePanel({ mode, stages, selected, sort, onFilter, onSort }: Props) {
  const ticked = selected ?? stages;
  return (
    <section className="refine" aria-labelledby="refine-heading">
      <h2 id="refine-heading">Refine</h2>
      {mode === 'single' ? (
        <div className="field">
          <label htmlFor="filter-stage">Showing</label>
          <select
            id="filter-stage"
            value={selected?.[0] ?? 'all'}
            onChange={(e) => onFilter(e.target.value === 'all' ? null : [e.target.value])}
          >
            <option value="all">All journeys</option>
            {stages.map((s) => (
              <option key={s} value={s}>
                Journeys with {filterName(s)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <fieldset>
          <legend>Showing</legend>
          {stages.map((s) => (
            <label key={s} className="checkbox">
              <input
                type="checkbox"
                name="stage"
                value={s}
                checked={ticked.includes(s)}
                onChange={(e) => {
                  const next = e.target.checked ? [...ticked, s] : ticked.filter((t) => t !== s);
                  onFilter(next.length === stages.length ? null : next);
                }}
              />
              {filterName(s)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor="sort-by">Sort by</label>
        <select id="sort-by" value={sort} onChange={(e) => onSort(e.target.value as SortKey)}>
          {SORT_KEYS.map((k) => (
            <option key={k} value={k}>
              {SORT_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
