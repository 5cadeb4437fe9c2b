import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Journey } from '@cairn/contracts';
import { recordJourneyView } from '../api/endpoints.ts';
import { useBrand } from '../brand/ConfigContext.tsx';
import { OfflineNotice } from '../offline/OfflineNotice.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { Later } from '../ui/Later.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AppointmentControls } from './AppointmentControls.tsx';
import { DEFAULT_APPOINTMENT_MIN } from './appointment.ts';
import { CarClubPromo } from './CarClubPromo.tsx';
import { MapSection } from './MapSection.tsx';
import { PaymentMethodsModal } from './modals/PaymentMethodsModal.tsx';
import { PricingModal } from './modals/PricingModal.tsx';
import { TaxiModal } from './modals/TaxiModal.tsx';
import { PoiCards } from './PoiCards.tsx';
import { SaveButton } from './SaveButton.tsx';
import { StageView } from './StageView.tsx';
import { StepGuide } from './StepGuide.tsx';
import { StickyBar } from './StickyBar.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { TakeAlong } from './TakeAlong.tsx';
import { useJourney } from './useJourney.ts';
import { useJourneyUpdates } from './useJourneyUpdates.ts';
import { LiveBreakBanner } from './LiveBreakBanner.tsx';
import { JourneyNotices } from './JourneyNotices.tsx';

type ModalName = 'pricing' | 'payments' | 'taxis' | null;
type View = { mode: 'details' } | { mode: 'stage'; leg: 'depart' | 'return'; index: number };

/** Journey details (SPEC §2): summary, modals, map, step-by-step guide, stage view. */
export default function JourneyPage() {
  const { hash = '', journeyId = '', journeyType } = useParams();
  const [search] = useSearchParams();
  const brand = useBrand();
  const {
    data: fetched,
    isPending,
    isError,
    replace,
    refresh,
    offlineAsOf,
  } = useJourney(hash, journeyId, search.has('show'));
  // The page is drawn from the journey in a deferred pass, in slices that give way to input: the
  // answer's arrival does not block the phone for the whole page at once.
  const journey = useDeferredValue(fetched);
  useJourneyUpdates(hash, fetched, refresh);
  const [leg, setLeg] = useState<'depart' | 'return'>(journeyType === 'return' ? 'return' : 'depart');
  const [showReturn, setShowReturn] = useState(true);
  const [modal, setModal] = useState<ModalName>(null);
  const [view, setView] = useState<View>({ mode: 'details' });
  const [appointment, setAppointment] = useState(DEFAULT_APPOINTMENT_MIN);
  useDocumentTitle(
    journey ? `${journey.origin} to ${journey.destination}` : 'Journey details',
    journey ? describeJourney(journey) : undefined,
  );

  useEffect(() => {
    recordJourneyView(journeyId).catch((error) => console.warn('view not recorded', error));
  }, [journeyId]);

  if (isPending || (fetched && !journey)) return <Spinner page />;
  if (isError || !journey) {
    if (!navigator.onLine)
      return (
        <div className="page-narrow">
          <h1>You are offline</h1>
          <p>
            This journey was not kept on this device. Journeys you have opened before open without a
            connection; this one needs the network.
          </p>
        </div>
      );
    return (
      <div className="page-narrow">
        <h1>Journey not found</h1>
        <p>
          This journey is no longer available.{' '}
          <Link to={`/search/${hash}/results`}>Back to the journey options</Link>.
        </p>
      </div>
    );
  }

  if (view.mode === 'stage') {
    const stageLeg = view.leg === 'return' && journey.return ? journey.return : journey.depart;
    return (
      <StageView
        steps={stageLeg.steps}
        index={view.index}
        legLabel={view.leg === 'return' ? 'return' : 'outbound'}
        colour={view.leg === 'return' ? brand.mapColours.return : brand.mapColours.outbound}
        onIndex={(index) => setView({ ...view, index })}
        onBack={() => setView({ mode: 'details' })}
      />
    );
  }

  const current = leg === 'return' && journey.return ? journey.return : journey.depart;
  const firstStage = journey.depart.stages[0] ?? journey.depart.steps[0]?.type;
  return (
    <div className="journey-layout">
      <StickyBar printTo={`/search/${hash}/results/${journeyId}/print`} />
      <section id="journey-details" className="section" tabIndex={-1} aria-labelledby="details-heading">
        <h1 id="details-heading">Journey details</h1>
        {offlineAsOf && <OfflineNotice plannedAt={offlineAsOf} />}
        {journey.live_break && (
          <LiveBreakBanner hash={hash} journey={journey} liveBreak={journey.live_break} />
        )}
        {journey.return && (
          <div className="map-controls no-print">
            <div className="toggle-group" role="radiogroup" aria-label="Journey shown">
              {(['depart', 'return'] as const).map((l) => (
                <label key={l} className={`toggle ${leg === l ? 'toggle-on' : ''}`}>
                  <input type="radio" name="journey-leg" checked={leg === l} onChange={() => setLeg(l)} />
                  {l === 'depart' ? 'Depart' : 'Return'}
                </label>
              ))}
            </div>
            <button
              type="button"
              className="link-button"
              aria-expanded={showReturn}
              onClick={() => setShowReturn((s) => !s)}
            >
              {showReturn ? 'Hide return journey' : 'Show return journey'}
            </button>
          </div>
        )}
        <SummaryCard journey={journey} showReturn={showReturn} hospitalDeparture={brand.appointmentMode} />
        <JourneyNotices journey={journey} />
        <div className="actions no-print">
          <button type="button" className="button" onClick={() => setModal('pricing')} aria-haspopup="dialog">
            Pricing Breakdown
          </button>
          {journey.transport_mode === 'transit' && (
            <button
              type="button"
              className="button"
              onClick={() => setModal('payments')}
              aria-haspopup="dialog"
            >
              Accepted payment methods
            </button>
          )}
          {firstStage === 'taxi' && (
            <button type="button" className="button" onClick={() => setModal('taxis')} aria-haspopup="dialog">
              Local taxi operators
            </button>
          )}
          {journey.drt_operator && (
            <a
              className="button"
              href={journey.drt_operator.booking_website}
              target="_blank"
              rel="noopener noreferrer"
            >
              More information
              <span className="visually-hidden">
                {' '}
                about {journey.drt_operator.name} (opens in a new window)
              </span>
            </a>
          )}
          <SaveButton journey={journey} onSaved={replace} />
        </div>
        <TakeAlong journey={journey} />
        <CarClubPromo steps={journey.depart.steps} />
        {brand.appointmentMode && (
          <AppointmentControls
            hash={hash}
            journey={journey}
            minutes={appointment}
            onMinutes={setAppointment}
          />
        )}
        {brand.showPois && <PoiCards pois={current.pois} />}
      </section>

      <section id="journey-map" className="section" tabIndex={-1} aria-labelledby="map-heading">
        <h2 id="map-heading">Map of journey</h2>
        <Later>
          <MapSection journey={journey} leg={leg} onLeg={setLeg} />
        </Later>
      </section>

      <section id="step-by-step" className="section" tabIndex={-1} aria-labelledby="guide-heading">
        <h2 id="guide-heading">Step by step guide</h2>
        <Later>
          <StepGuide
            depart={journey.depart}
            ret={journey.return}
            showReturn={showReturn}
            origin={journey.origin}
            destination={journey.destination}
            appointmentMinutes={brand.appointmentMode ? appointment : null}
            onStep={(ref) => setView({ mode: 'stage', ...ref })}
          />
        </Later>
      </section>

      <PricingModal journey={journey} open={modal === 'pricing'} onClose={() => setModal(null)} />
      <PaymentMethodsModal journey={journey} open={modal === 'payments'} onClose={() => setModal(null)} />
      <TaxiModal taxis={journey.depart.taxis} open={modal === 'taxis'} onClose={() => setModal(null)} />
    </div>
  );
}

/** The meta description of a journey: when it leaves and arrives, how long it takes, what it costs. */
function describeJourney(journey: Journey): string {
  const { depart } = journey;
  const back = journey.return ? `, returning at ${journey.return.departure_at}` : '';
  return `Journey details: ${journey.origin} to ${journey.destination}, leaving ${depart.departure_date} at ${depart.departure_at} and arriving at ${depart.arrival_at} (${depart.duration.text})${back}. Cost: ${journey.cost}.`;
}
