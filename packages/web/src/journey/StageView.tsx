import { useEffect, useRef, useState } from 'react';
import type { Step } from '@cairn/contracts';
import { useBrand } from '../brand/ConfigContext.tsx';
import { ModeIcon } from '../icons/Icons.tsx';
import { LazyMap } from '../map/LazyMap.tsx';
import { stepPicture } from '../map/mapData.ts';
import { formatCostText } from './costLabel.ts';
import { LeaveSiteModal } from './modals/LeaveSiteModal.tsx';
import { TimetableModal } from './modals/TimetableModal.tsx';
import { stripTags } from '../lib/stripTags.ts';
import { DirectionText } from './DirectionText.tsx';
import { modeLabel } from '../lib/modeLabel.ts';
import { LiveTime, StepLiveStatus } from './LiveStatus.tsx';
import { liveStopTimes } from './liveText.ts';

type Props = {
  step: Step;
  /** Where the step stands in its own leg. */
  index: number;
  count: number;
  legLabel: string;
  colour: string;
  /** The stage before and after, across legs (the last outbound step leads to the first return one); null at the ends. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onBack: () => void;
};

/** Stage detail view: replaces the page with one step, its map, guide and links. */
export function StageView({ step, index, count, legLabel, colour, onPrevious, onNext, onBack }: Props) {
  const brand = useBrand();
  const [leaving, setLeaving] = useState(false);
  const [timetable, setTimetable] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo(0, 0);
  }, [legLabel, index]);
  const website = step.how_to_guide?.service.website ?? step.agency?.url ?? step.booking_website ?? null;
  const siteName = brand.title;

  return (
    <div className="stage-view">
      <div className="stage-nav no-print">
        <button type="button" className="button" onClick={onBack}>
          Back to journey details
        </button>
        <div className="actions">
          <button type="button" className="button" disabled={!onPrevious} onClick={() => onPrevious?.()}>
            Previous step
          </button>
          <button type="button" className="button" disabled={!onNext} onClick={() => onNext?.()}>
            Next step
          </button>
        </div>
      </div>
      <section className="section" aria-labelledby="stage-heading">
        <h1 id="stage-heading" ref={heading} tabIndex={-1}>
          <ModeIcon mode={step.type} size={28} decorative /> Step {index + 1} of {count} ({legLabel}):{' '}
          {modeLabel(step.type)}
        </h1>
        <p>{step.description}</p>
        <StepLiveStatus step={step} />
        <p>
          <LiveTime time={step.departure_time} scheduled={step.live?.scheduled_departure_time} /> –{' '}
          <LiveTime time={step.arrival_time} scheduled={step.live?.scheduled_arrival_time} /> ·{' '}
          {step.duration.text} · {step.distance.text} · {formatCostText(step.cost)}
        </p>
        {step.booking_phone && (
          <p>
            Booking: <a href={`tel:${step.booking_phone.replace(/[^\d+]/g, '')}`}>{step.booking_phone}</a>
          </p>
        )}
        <LazyMap draw={() => stepPicture(step, colour)} toiletNotice={null} trackPosition={false} />
        {step.how_to_guide && (
          <section aria-labelledby="guide-heading">
            <h2 id="guide-heading">Travel guide: {step.how_to_guide.service.name}</h2>
            {step.how_to_guide.service.statements.map((s, i) => (
              <p key={i}>{stripTags(s.body)}</p>
            ))}
          </section>
        )}
        {step.stops && step.stops.length > 0 && (
          <section aria-labelledby="stops-heading">
            <h2 id="stops-heading">Stops</h2>
            <ol>
              {liveStopTimes(step).map((t, i) => (
                <li key={i}>
                  <LiveTime time={t.time} scheduled={t.scheduled} /> {step.stops![i]!.name}
                </li>
              ))}
            </ol>
          </section>
        )}
        {step.directions.length > 0 && (
          <section aria-labelledby="directions-heading">
            <h2 id="directions-heading">Directions</h2>
            <ol>
              {step.directions.map((d, i) => (
                <li key={i}>
                  <DirectionText direction={d} /> ({d.distance.text})
                </li>
              ))}
            </ol>
          </section>
        )}
        <div className="actions">
          {step.timetable && (
            <button type="button" className="button" onClick={() => setTimetable(true)}>
              View timetable
            </button>
          )}
          {website && (
            <>
              <h2 className="visually-hidden">Useful links</h2>
              <button type="button" className="button" onClick={() => setLeaving(true)}>
                Useful links: {step.how_to_guide?.service.name ?? step.agency?.name ?? 'service website'}
              </button>
            </>
          )}
        </div>
      </section>
      {website && (
        <LeaveSiteModal site={siteName} url={website} open={leaving} onClose={() => setLeaving(false)} />
      )}
      {step.timetable && (
        <TimetableModal timetable={step.timetable} open={timetable} onClose={() => setTimetable(false)} />
      )}
    </div>
  );
}
