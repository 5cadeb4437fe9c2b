import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Journey, LiveBreak } from '@cairn/contracts';
import { createSearch } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useRegionNow } from '../brand/ConfigContext.tsx';
import { OFFLINE_SEARCH } from '../planner/PlannerForm.tsx';
import { firstMessages } from '../planner/plannerValues.ts';
import { clearResults, loadQuery } from '../search/resultsStore.ts';
import { breakSentence } from './liveText.ts';
import { replanRequest } from './replan.ts';
import './live.css';

type Props = { hash: string; journey: Journey; liveBreak: LiveBreak };

/**
 * A journey live running has broken (issue #18): says why at the top of the page, as an alert when
 * it happens while the page is open, and offers a new search from where the traveller will be.
 */
export function LiveBreakBanner({ hash, journey, liveBreak }: Props) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const now = useRegionNow();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const from = liveBreak.replan_from.name;

  const replan = async () => {
    if (!navigator.onLine) {
      setError(OFFLINE_SEARCH);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const query = await loadQuery(hash);
      const next = await createSearch(replanRequest(query, journey, liveBreak, user?.profile ?? null, now));
      clearResults(next);
      navigate(`/search/${next}/results`);
    } catch (failure) {
      setBusy(false);
      setError(
        failure instanceof ApiError
          ? (Object.values(firstMessages(failure.fieldErrors))[0] ?? failure.message)
          : 'The new search could not be started. Please try again.',
      );
    }
  };

  return (
    <section className="live-break" aria-labelledby="live-break-heading">
      <div role="alert">
        <h2 id="live-break-heading">{breakSentence(journey, liveBreak)}</h2>
        <p>This journey no longer works as planned. Live running changed it after you searched.</p>
      </div>
      <button type="button" className="button" disabled={busy} onClick={() => void replan()}>
        Plan again from {from}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
