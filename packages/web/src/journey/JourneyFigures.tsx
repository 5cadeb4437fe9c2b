import type { ReactNode } from 'react';
import type { Journey } from '@cairn/contracts';
import { formatCo2, formatMiles } from '@cairn/engine/format';
import { changesLabel, costLabel } from './costLabel.ts';

/** One figure of a summary's description list: its name and its value. */
export function Figure({
  term,
  valueClass,
  children,
}: {
  term: string;
  valueClass?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}

/**
 * The figures every summary of a journey gives (journey details' card and the print page), in a
 * `<dl>`: walking distance, changes, wait time and CO2. The total cost is `CostFigure`: the card
 * puts it last and larger, the print page first.
 */
export function JourneyFigures({ journey }: { journey: Journey }) {
  return (
    <>
      <Figure term="Walking distance">{formatMiles(journey.total_walking_distance.value)}</Figure>
      <Figure term="Changes">{changesLabel(journey)}</Figure>
      <Figure term="Wait time">{journey.total_wait_time.text}</Figure>
      <Figure term="CO2 emissions">{formatCo2(journey.carbon_emission)}</Figure>
    </>
  );
}

/** The journey's total estimated cost, as a summary's figure. */
export function CostFigure({ journey, valueClass }: { journey: Journey; valueClass?: string }) {
  return (
    <Figure term="Total estimated cost" valueClass={valueClass}>
      {costLabel(journey)}
    </Figure>
  );
}
