import { useEffect, useRef, useState } from 'react';
import type { Leg, Step } from '@cairn/contracts';
import { ModeIcon } from '../icons/Icons.tsx';
import { formatElevation } from '@cairn/engine/format';
import { formatCostText } from './costLabel.ts';
import { appointmentText } from './appointment.ts';
import { DirectionText } from './DirectionText.tsx';
import { AssistanceNote, StepFreeLabel } from './StepFreeLabel.tsx';
import { LegArrival, LiveTime, StepLiveStatus } from './LiveStatus.tsx';

export type StepRef = { leg: 'depart' | 'return'; index: number };

/**
 * One step of the guide (SPEC §2 "Step-by-step guide, per step"). `focused`: its Stage details
 * button takes focus when drawn, for the traveller coming back from that stage's view.
 */
export function StepCard({
  step,
  onDetails,
  focused = false,
}: {
  step: Step;
  onDetails: () => void;
  focused?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focused) return;
    details.current?.focus({ preventScroll: true });
    details.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const high = formatElevation(step.elevationHighest);
  const low = formatElevation(step.elevationLowest);
  // The effort of a walk or ride: metres climbed and descended (engine: streets/gradient.ts).
  const climb = step.ascent_m ? formatElevation(step.ascent_m) : null;
  const descent = step.descent_m ? formatElevation(step.descent_m) : null;
  const count = step.directions.length;
  return (
    <li className="step">
      <div className="step-head">
        <ModeIcon mode={step.type} size={28} />
        <span className="step-time">
          <LiveTime time={step.departure_time} scheduled={step.live?.scheduled_departure_time} />
        </span>
        {step.agency &&
          (step.agency.url ? (
            <a href={step.agency.url} target="_blank" rel="noopener noreferrer">
              {step.agency.name}
            </a>
          ) : (
            <span>{step.agency.name}</span>
          ))}
      </div>
      <p className="step-description">{step.description}</p>
      <StepLiveStatus step={step} />
      {step.step_free && <StepFreeLabel value={step.step_free} />}
      {step.assistance && <AssistanceNote help={step.assistance} />}
      <div className="step-meta">
        <span>Duration: {step.duration.text}</span>
        <span>Distance: {step.distance.text}</span>
        {high && <span>Highest: {high}</span>}
        {low && <span>Lowest: {low}</span>}
        {climb && <span>Climb: {climb}</span>}
        {descent && <span>Descent: {descent}</span>}
        <span>Cost: {formatCostText(step.cost)}</span>
      </div>
      <div className="actions">
        <button type="button" className="link-button" onClick={onDetails} ref={details}>
          Stage details<span className="visually-hidden">: {step.description}</span>
        </button>
        {count > 0 && (
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide instructions' : 'Show instructions'} ({count})
          </button>
        )}
      </div>
      {open && count > 0 && (
        <ol className="directions">
          {step.directions.map((d, i) => (
            <li key={i}>
              <span>
                <DirectionText direction={d} />
              </span>{' '}
              <span className="muted">({d.distance.text})</span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

type GuideProps = {
  depart: Leg;
  ret: Leg | null;
  showReturn: boolean;
  destination: string;
  origin: string;
  appointmentMinutes: number | null;
  onStep: (ref: StepRef) => void;
  /** The step whose Stage details button takes focus (the stage the traveller came back from). */
  focusStep?: StepRef | null;
};

/** Outbound steps, Arrive at the destination, (Attend Appointment), return steps and Return Home. */
export function StepGuide({
  depart,
  ret,
  showReturn,
  destination,
  origin,
  appointmentMinutes,
  onStep,
  focusStep = null,
}: GuideProps) {
  const focusedAt = (leg: StepRef['leg'], index: number) =>
    focusStep?.leg === leg && focusStep.index === index;
  const attend = appointmentMinutes === null ? null : appointmentText(appointmentMinutes);
  return (
    <div className="guide">
      <h3>Outbound journey</h3>
      <ol className="steps">
        {depart.steps.map((step, index) => (
          <StepCard
            key={`d-${index}`}
            step={step}
            onDetails={() => onStep({ leg: 'depart', index })}
            focused={focusedAt('depart', index)}
          />
        ))}
        <li className="step step-end">
          <strong>Arrive at the destination</strong>
          <span>
            <LegArrival leg={depart} /> at {destination}
          </span>
        </li>
        {appointmentMinutes !== null && (
          <li className="step step-end">
            <strong>Attend Appointment</strong>
            {attend && <span>{attend}</span>}
          </li>
        )}
      </ol>
      {ret && showReturn && (
        <>
          <h3>Return journey</h3>
          <ol className="steps">
            {ret.steps.map((step, index) => (
              <StepCard
                key={`r-${index}`}
                step={step}
                onDetails={() => onStep({ leg: 'return', index })}
                focused={focusedAt('return', index)}
              />
            ))}
            <li className="step step-end">
              <strong>Return Home</strong>
              <span>
                <LegArrival leg={ret} /> at {origin}
              </span>
            </li>
          </ol>
        </>
      )}
    </div>
  );
}
