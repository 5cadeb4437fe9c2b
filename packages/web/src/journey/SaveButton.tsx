import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ReturnState } from '../account/returnTo.ts';
import type { Journey } from '@cairn/contracts';
import { saveJourney } from '../api/endpoints.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useBrand } from '../brand/ConfigContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';

/** Journey Saved (disabled) / Save Journey / Log in or Create account to save journey. */
export function SaveButton({ journey, onSaved }: { journey: Journey; onSaved: (j: Journey) => void }) {
  const brand = useBrand();
  const location = useLocation();
  const { loggedIn } = useAuth();
  const { showSuccess } = useFlash();
  const [busy, setBusy] = useState(false);
  if (journey.user_status === 'saved') {
    return (
      <button type="button" className="button" disabled>
        Journey Saved
      </button>
    );
  }
  if (loggedIn) {
    return (
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await saveJourney(journey.id);
            onSaved({ ...journey, user_status: 'saved' });
            showSuccess('Journey saved');
          } catch (error) {
            console.warn('save failed', error);
          } finally {
            setBusy(false);
          }
        }}
      >
        Save Journey
      </button>
    );
  }
  if (!brand.enableUserAccounts) return null;
  // Signing in comes back to this journey.
  const state: ReturnState = { returnTo: location.pathname + location.search };
  return (
    <>
      <Link className="button" to="/login" state={state}>
        Log in to save journey
      </Link>
      <Link className="button" to="/register">
        Create account to save journey
      </Link>
    </>
  );
}
