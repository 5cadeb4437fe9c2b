import type { Assistance, StepFree } from '@cairn/contracts';
import './stepFree.css';

/*
 * Step-free labels (issue #19): a step, or a whole journey on its card, says step-free, not
 * step-free or not known, in words (never by colour alone), with the reason the engine gave.
 */

const TITLE: Record<StepFree['status'], string> = {
  yes: 'Step-free',
  no: 'Not step-free',
  unknown: 'Step-free not known',
};
const MARK: Record<StepFree['status'], string> = { yes: '✓', no: '✕', unknown: '?' };

/** The label of a step or a journey: status in words, then the reason. */
export function StepFreeLabel({ value }: { value: StepFree }) {
  return (
    <p className={`step-free step-free-${value.status}`}>
      <span className="step-free-mark" aria-hidden="true">
        {MARK[value.status]}
      </span>{' '}
      <strong>{TITLE[value.status]}:</strong> {value.reason}
    </p>
  );
}

/** How to book the operator's help (Passenger Assist, a ramp), with its phone and website. */
export function AssistanceNote({ help }: { help: Assistance }) {
  return (
    <p className="assistance">
      <strong>{help.name}</strong>: {help.notice}.
      {help.phone && (
        <>
          {' '}
          Call <a href={`tel:${help.phone.replace(/[^\d+]/g, '')}`}>{help.phone}</a>
        </>
      )}
      {help.website && (
        <>
          {' '}
          or{' '}
          <a href={help.website} target="_blank" rel="noopener noreferrer">
            book online
            <span className="visually-hidden"> ({help.name}, opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}
