import type { Journey } from '@cairn/contracts';
import './stepFree.css';

/**
 * What the traveller must know before taking a journey (issue 27): a tight change onto the last
 * departure of the day, an arrival inside the buffer they asked for, a part beyond the region that
 * is only an estimate. Nothing when the journey has none.
 */
export function JourneyNotices({ journey }: { journey: Journey }) {
  if (!journey.notices?.length) return null;
  return (
    <ul className="journey-notices">
      {journey.notices.map((n) => (
        <li key={n.kind + n.text} className="step-free step-free-unknown">
          {n.text}
        </li>
      ))}
    </ul>
  );
}
