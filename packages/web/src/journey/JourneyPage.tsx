import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Journey } from '@cairn/contracts';
import { recordJourneyView } from '../api/endpoints.ts';
import { useBrand } from '../brand/ConfigContext.tsx';
import { OfflineNotice } from '../offline/OfflineNotice.tsx';
import { OfflinePage } from '../offline/OfflinePage.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { Later } from '../ui/Later.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AppointmentControls } from './AppointmentControls.tsx';
import { appointmentLengthOf, DEFAULT_APPOINTMENT_MIN } from './appointment.ts';
import { loadQuery } from '../search/resultsStore.ts';
import { CarClubPromo } from './CarClubPromo.tsx';
import { MapSection } from './MapSection.tsx';
import { PaymentMethodsModal } from './modals/PaymentMethodsModal.tsx';
import { PricingModal } from './modals/PricingModal.tsx';
import { TaxiModal } from './modals/TaxiModal.tsx';
import { PoiCards } from './PoiCards.tsx';
import { SaveButton } from './SaveButton.tsx';
import { StageView } from './StageView.tsx';
import { StepGuide, type StepRef } from './StepGuide.tsx';
import { StickyBar } from './StickyBar.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { TakeAlong } from './TakeAlong.tsx';
import { useJourney } from './useJourney.ts';
import { useJourneyUpdates } from './useJourneyUpdates.ts';
import { LiveBreakBanner } from './LiveBreakBanner.tsx';
import { JourneyNotices } from './JourneyNotices.tsx';

type ModalName = 'pricing' | 'payments' | 'taxis' | null;

/** The query parameter of the stage view ("depart-2"): a stage is an entry in the browser's history. */
const STAGE_PARAM = 'stage';

/** The stage named in the address, when it names one of this journey's steps. */
function parseStage(value: string | null, journey: Journey): StepRef | null {
  const match = /^(depart|return)-(\d+)$/.exec(value ?? '');
  if (!match) return null;
  const leg = match[1] === 'return' ? 'return' : 'depart';
  const index = Number(match[2]);
  const steps = leg === 'return' ? journey.return?.steps : journey.depart.steps;
  return steps && index < steps.length ? { leg, index } : null;
}

/** Every step of the journey in travel order, outbound then return, for Previous and Next. */
function allStages(journey: Journey): StepRef[] {
  const refs = (leg: StepRef['leg'], count: number) =>
    Array.from({ length: count }, (_, index) => ({ leg, index }));
  return [
    ...refs('depart', journey.depart.steps.length),
    ...refs('return', journey.return?.steps.length ?? 0),
  ];
}

/** Journey details (SPEC §2): summary, modals, map, step-by-step guide, stage view. */
export default function JourneyPage() {
  const { hash = '', journeyId = '', journeyType } = useParams();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const {
    data: journey,
    isPending,
    isError,
    replace,
    refresh,
    offlineAsOf,
  } = useJourney(hash, journeyId, search.has('show'));
  // Drawn from the journey itself, not from a deferred copy of it, which drew the spinner first and
  // the page in a second pass on every load. What lies below the first screen is drawn in a pass of
  // its own (Later).
  const livePaused = useJourneyUpdates(hash, journey, refresh);
  const [leg, setLeg] = useState<'depart' | 'return'>(journeyType === 'return' ? 'return' : 'depart');
  const [showReturn, setShowReturn] = useState(true);
  const [modal, setModal] = useState<ModalName>(null);
  // The stage last shown, whose Stage details button takes focus back on the details.
  const [cameFrom, setCameFrom] = useState<StepRef | null>(null);
  const [appointment, setAppointment] = useState(DEFAULT_APPOINTMENT_MIN);
  useDocumentTitle(
    journey ? `${journey.origin} to ${journey.destination}` : 'Journey details',
    journey ? describeJourney(journey) : undefined,
  );

  // The appointment length this search was made for, not the default, on reopening its journey.
  const appointmentMode = brand.appointmentMode;
  const outboundArrival = journey?.depart.arrival_datetime;
  useEffect(() => {
    if (!appointmentMode || !outboundArrival) return;
    let current = true;
    loadQuery(hash)
      .then((query) => current && setAppointment(appointmentLengthOf(query, outboundArrival)))
      .catch((error) => console.warn('appointment length not read', error));
    return () => {
      current = false;
    };
  }, [appointmentMode, hash, outboundArrival]);

  useEffect(() => {
    recordJourneyView(journeyId).catch((error) => console.warn('view not recorded', error));
  }, [journeyId]);

  if (isPending) return <Spinner page />;
  if (isError || !journey) {
    if (!navigator.onLine) return <OfflinePage what="journey" />;
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

  // Opening a stage adds a history entry (browser Back returns to the details); Previous and Next replace it.
  const showStage = (ref: StepRef | null, replace: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (ref) next.set(STAGE_PARAM, `${ref.leg}-${ref.index}`);
        else next.delete(STAGE_PARAM);
        return next;
      },
      { replace, state: ref ? { fromDetails: true } : null },
    );
  const stage = parseStage(search.get(STAGE_PARAM), journey);
  if (stage) {
    const stageLeg = stage.leg === 'return' && journey.return ? journey.return : journey.depart;
    const stages = allStages(journey);
    const at = stages.findIndex((s) => s.leg === stage.leg && s.index === stage.index);
    const go = (to: StepRef | undefined) =>
      to
        ? () => {
            setCameFrom(to);
            showStage(to, true);
          }
        : null;
    return (
      <StageView
        step={stageLeg.steps[stage.index]!}
        index={stage.index}
        count={stageLeg.steps.length}
        legLabel={stage.leg === 'return' ? 'return' : 'outbound'}
        colour={stage.leg === 'return' ? brand.mapColours.return : brand.mapColours.outbound}
        onPrevious={go(stages[at - 1])}
        onNext={go(stages[at + 1])}
        onBack={() => {
          // Back to the entry the stage was opened from, so browser Back does not return here.
          if ((location.state as { fromDetails?: boolean } | null)?.fromDetails) void navigate(-1);
          else showStage(null, true);
        }}
      />
    );
  }

  const current = leg === 'return' && journey.return ? journey.return : journey.depart;
  const firstStage = journey.depart.stages[0] ?? journey.depart.steps[0]?.type;
  return (
    <div className="journey-layout">
      <StickyBar printTo={`/search/${hash}/results/${journeyId}/print`} />
      <section id="journey-details" className="section" tabIndex={-1} aria-labelledby="details-heading">
        {!brand.showBreadcrumbs && (
          <p className="no-print">
            <Link to={`/search/${hash}/results`}>Back to journey options</Link>
          </p>
        )}
        <h1 id="details-heading">Journey details</h1>
        {offlineAsOf && <OfflineNotice plannedAt={offlineAsOf} />}
        {livePaused && (
          <p className="live-paused" role="status">
            <strong>Live updates paused.</strong> The connection to live running was lost; trying again.
            Delays and cancellations since then are not shown.
          </p>
        )}
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
            onStep={(ref) => {
              setCameFrom(ref);
              showStage(ref, false);
            }}
            focusStep={cameFrom}
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
