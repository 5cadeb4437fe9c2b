import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RAILCARDS, type Railcard } from '@cairn/contracts';
import { createSearch, fetchReverse } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useBrand, useRegion, useRegionNow } from '../brand/ConfigContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { dateLimits, fromInputValue, toInputValue, STEP_MINUTES } from '../lib/dates.ts';
import { YOUNG_SCOT_CUTOFF_TEXT } from '../account/passes.ts';
import { AddressInput } from './AddressInput.tsx';
import { noteSubmitted } from '../search/resultsStore.ts';
import {
  firstMessages,
  swapEnds,
  describeEntitlements,
  toSearchRequest,
  validatePlanner,
  withProfile,
  withReturnToggle,
  withToggled,
  type PlannerValues,
} from './plannerValues.ts';

const FIELD_LABELS: Record<string, string> = {
  origin: 'From',
  destination: 'To',
  out_time: 'Outbound',
  return_time: 'Return',
  railcard_type: 'Railcard',
  terms: 'Terms and Conditions',
};

export const LOCATION_ERROR = 'Cannot get the current location';

type Props = {
  initial: PlannerValues;
  submitLabel: string;
  headingLevel?: 'h1' | 'h2';
  onSubmitted?: (hash: string) => void;
};

/** Shown when a search is made without a network. */
export const OFFLINE_SEARCH =
  'You are offline, and a new search needs a connection. Journeys you have opened on this device still open without one.';

/** "Your Journey": the planner form used on Home and in the Edit journey panel. */
export function PlannerForm({ initial, submitLabel, headingLevel = 'h1', onSubmitted }: Props) {
  const brand = useBrand();
  const schemes = useRegion().concession_schemes ?? [];
  const { user } = useAuth();
  const { showError, clear } = useFlash();
  const navigate = useNavigate();
  const formId = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [locating, setLocating] = useState(false);
  const now = useRegionNow();
  const limits = dateLimits(now, fromInputValue(values.outTime));

  const profile = user?.profile ?? null;
  // The profile arrives after the form when the page opens signed in: the form takes its
  // entitlements then, unless the traveller has already changed them for this search.
  const entitlementsTouched = useRef(false);
  useEffect(() => {
    if (!entitlementsTouched.current) setValues((v) => withProfile(v, profile));
  }, [profile]);

  const set = (patch: Partial<PlannerValues>) => setValues((v) => ({ ...v, ...patch }));
  const setEntitlement = (patch: Partial<PlannerValues>) => {
    entitlementsTouched.current = true;
    set(patch);
  };
  const clearError = (field: string) =>
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _removed, ...rest } = e;
      return rest;
    });

  const useCurrentLocation = () => {
    clearError('origin');
    if (!('geolocation' in navigator)) {
      setErrors((e) => ({ ...e, origin: LOCATION_ERROR }));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        const location = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        try {
          const place = await fetchReverse(location.lat, location.lng);
          set({
            origin: place ? place.label : `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`,
            originLocation: location,
          });
        } catch {
          set({ origin: `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`, originLocation: location });
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        setErrors((e) => ({ ...e, origin: LOCATION_ERROR }));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The browser knows it has no network: say so now rather than wait on a request that cannot go.
    if (!navigator.onLine) {
      showError(OFFLINE_SEARCH);
      return;
    }
    const local = validatePlanner(values);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSubmitting(true);
    clear();
    try {
      const request = toSearchRequest(values, profile);
      const hash = await createSearch(request);
      noteSubmitted(hash);
      onSubmitted?.(hash);
      // The route shown in the Results header while its results are still on their way.
      navigate(`/search/${hash}/results`, {
        state: { origin: request.origin, destination: request.destination },
      });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(firstMessages(error.fieldErrors));
      } else {
        showError(
          !navigator.onLine
            ? OFFLINE_SEARCH
            : error instanceof Error
              ? error.message
              : 'The search could not be started.',
        );
      }
    }
  };

  const Heading = headingLevel;
  const errorList = Object.entries(errors);
  const summaryId = `${formId}-summary`;
  return (
    <form
      className="planner"
      onSubmit={submit}
      noValidate
      aria-describedby={errorList.length > 0 ? summaryId : undefined}
    >
      <Heading className="planner-title">Your Journey</Heading>
      {errorList.length > 0 && (
        <div className="error-summary" id={summaryId} role="alert">
          <h3>Please correct the following errors</h3>
          <ul>
            {errorList.map(([field, message]) => (
              <li key={field}>
                {FIELD_LABELS[field] ?? field}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset disabled={submitting} className="planner-fields">
        <legend className="visually-hidden">Journey details</legend>
        <div className="ends">
          <AddressInput
            label="From"
            name="origin"
            value={values.origin}
            error={errors.origin}
            onFocus={() => clearError('origin')}
            onChange={(origin, originLocation) => set({ origin, originLocation })}
          />
          <button
            type="button"
            className="swap-button"
            onClick={() => setValues(swapEnds)}
            aria-label="Swap From and To"
          >
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M7 4v16M7 4L3 8M7 4l4 4M17 20V4M17 20l-4-4M17 20l4-4" />
            </svg>
          </button>
          <AddressInput
            label="To"
            name="destination"
            value={values.destination}
            error={errors.destination}
            onFocus={() => clearError('destination')}
            onChange={(destination, destinationLocation) => set({ destination, destinationLocation })}
          />
        </div>
        <button
          type="button"
          className="link-button locate-button"
          onClick={useCurrentLocation}
          disabled={locating}
        >
          {locating ? 'Finding your location…' : 'Use my current location as From'}
        </button>

        <div className="toggle-group" role="radiogroup" aria-label="Journey type">
          {(['Single', 'Return'] as const).map((kind) => (
            <label
              key={kind}
              className={`toggle ${values.isReturn === (kind === 'Return') ? 'toggle-on' : ''}`}
            >
              <input
                type="radio"
                name={`${formId}-kind`}
                value={kind}
                checked={values.isReturn === (kind === 'Return')}
                onChange={() => setValues((v) => withReturnToggle(v, kind === 'Return'))}
              />
              {kind}
            </label>
          ))}
        </div>

        <div className="times">
          <div className="field">
            <label htmlFor={`${formId}-out`}>
              {values.arriveBy ? 'Appointment time (arrive by)' : 'Outbound'}
            </label>
            <input
              id={`${formId}-out`}
              name="out_time"
              type="datetime-local"
              step={STEP_MINUTES * 60}
              min={toInputValue(limits.outMin)}
              max={toInputValue(limits.outMax)}
              value={values.outTime}
              aria-invalid={errors.out_time ? true : undefined}
              aria-describedby={errors.out_time ? `${formId}-out-error` : undefined}
              onFocus={() => clearError('out_time')}
              onChange={(e) => set({ outTime: e.target.value })}
              required
            />
            {errors.out_time && (
              <p className="field-error" id={`${formId}-out-error`}>
                {errors.out_time}
              </p>
            )}
          </div>
          {values.isReturn && (
            <div className="field">
              <label htmlFor={`${formId}-ret`}>Return</label>
              <input
                id={`${formId}-ret`}
                name="return_time"
                type="datetime-local"
                step={STEP_MINUTES * 60}
                min={toInputValue(limits.returnMin)}
                max={toInputValue(limits.returnMax)}
                value={values.returnTime ?? ''}
                aria-invalid={errors.return_time ? true : undefined}
                aria-describedby={errors.return_time ? `${formId}-ret-error` : undefined}
                onFocus={() => clearError('return_time')}
                onChange={(e) => set({ returnTime: e.target.value || null })}
              />
              {errors.return_time && (
                <p className="field-error" id={`${formId}-ret-error`}>
                  {errors.return_time}
                </p>
              )}
            </div>
          )}
        </div>

        {brand.appointmentMode && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.arriveBy}
              onChange={(e) => set({ arriveBy: e.target.checked })}
            />
            Plan to arrive by this time (for an appointment)
          </label>
        )}

        <details className="travel-options">
          <summary>
            Travel options{' '}
            <span className="muted">({describeEntitlements(values, user !== null, schemes)})</span>
          </summary>
          {user && <p className="muted">From your profile. Changes here apply to this search only.</p>}
          <label className="checkbox">
            <input
              type="checkbox"
              name="step_free"
              checked={values.stepFree}
              aria-describedby={`${formId}-step-free-hint`}
              onChange={(e) => setEntitlement({ stepFree: e.target.checked })}
            />
            Step-free journeys
          </label>
          <p className="field-hint" id={`${formId}-step-free-hint`}>
            No steps on walks, changes, stops or vehicles: for a wheelchair, a pushchair or heavy luggage.
            Where we have no information, the journey says so.
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.hasAccessToCar}
              onChange={(e) => setEntitlement({ hasAccessToCar: e.target.checked })}
            />
            I have access to a car
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.hasRailcard}
              onChange={(e) =>
                setEntitlement({
                  hasRailcard: e.target.checked,
                  railcardType: e.target.checked ? values.railcardType : null,
                })
              }
            />
            I have a railcard
          </label>
          {values.hasRailcard && (
            <div className="field">
              <label htmlFor={`${formId}-railcard`}>Railcard</label>
              <select
                id={`${formId}-railcard`}
                value={values.railcardType ?? ''}
                aria-invalid={errors.railcard_type ? true : undefined}
                aria-describedby={errors.railcard_type ? `${formId}-railcard-error` : undefined}
                onFocus={() => clearError('railcard_type')}
                onChange={(e) =>
                  setEntitlement({ railcardType: (e.target.value || null) as Railcard | null })
                }
              >
                <option value="">Choose a railcard</option>
                {RAILCARDS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
              {errors.railcard_type && (
                <p className="field-error" id={`${formId}-railcard-error`}>
                  {errors.railcard_type}
                </p>
              )}
            </div>
          )}
          {schemes.map((s) => (
            <label className="checkbox" key={s.id}>
              <input
                type="checkbox"
                name="concession_schemes"
                value={s.id}
                checked={values.schemes.includes(s.id)}
                onChange={(e) =>
                  setEntitlement({ schemes: withToggled(values.schemes, s.id, e.target.checked) })
                }
              />
              I have a {s.label} <span className="muted">({s.eligibility})</span>
            </label>
          ))}
          {user && (
            <>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={values.concessionaryPass}
                  onChange={(e) => setEntitlement({ concessionaryPass: e.target.checked })}
                />
                I have a concessionary pass (National Entitlement Card)
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={values.youngScot}
                  onChange={(e) =>
                    setEntitlement({
                      youngScot: e.target.checked,
                      // SPEC §4: YoungScot No resets the new-card flag.
                      newYoungScot: e.target.checked ? values.newYoungScot : false,
                    })
                  }
                />
                I have a Young Scot card
              </label>
              {values.youngScot && (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={values.newYoungScot}
                    onChange={(e) => setEntitlement({ newYoungScot: e.target.checked })}
                  />
                  My Young Scot card was issued on or after {YOUNG_SCOT_CUTOFF_TEXT}
                </label>
              )}
            </>
          )}
        </details>

        <label className="checkbox terms-checkbox">
          <input
            type="checkbox"
            checked={values.acceptTerms}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? `${formId}-terms-error` : undefined}
            onChange={(e) => {
              set({ acceptTerms: e.target.checked });
              clearError('terms');
            }}
          />
          <span>
            I accept the{' '}
            <Link to="/terms-and-conditions" target="_blank">
              Terms and Conditions
            </Link>
          </span>
        </label>
        {errors.terms && (
          <p className="field-error" id={`${formId}-terms-error`}>
            {errors.terms}
          </p>
        )}

        <button type="submit" className="button button-primary button-wide" aria-busy={submitting}>
          {submitting && <span className="spinner-wheel spinner-inline" aria-hidden="true" />}
          {submitting ? 'Searching…' : submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
