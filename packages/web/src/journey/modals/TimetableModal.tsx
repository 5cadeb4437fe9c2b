import type { Timetable } from '@cairn/contracts';
import { modeLabel } from '../../lib/modeLabel.ts';
import { Modal } from '../../ui/Modal.tsx';

/** HH:mm, or '-' when the trip does not call at the stop. */
export function timetableCell(time: string | null | undefined): string {
  if (!time) return '-';
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : '-';
}

/** A row per stop, a column per trip; the journey's own trip comes first and is marked. */
export function TimetableModal({
  timetable,
  open,
  onClose,
}: {
  timetable: Timetable;
  open: boolean;
  onClose: () => void;
}) {
  // The engine sends the travel type in lower case ('train'); the heading names it as a title does.
  const title = `${modeLabel(timetable.Mode)} ${timetable.ServiceNumber} timetable`;
  // On a phone only the first time column shows beside the stops: the traveller's own trip.
  const columns = [
    ...timetable.columns.filter((c) => c.journey_trip),
    ...timetable.columns.filter((c) => !c.journey_trip),
  ];
  return (
    <Modal title={title} open={open} onClose={onClose} wide>
      {columns.length > 1 && (
        <p className="timetable-hint">Your trip first. Scroll sideways for the other trips.</p>
      )}
      <div className="timetable-wrap" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
        <table className="timetable">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Stop</th>
              {columns.map((c, i) => (
                <th scope="col" key={i} className={c.journey_trip ? 'timetable-own' : undefined}>
                  {c.headsign ?? `Trip ${i + 1}`}
                  {c.journey_trip && <span className="timetable-own-label"> (your trip)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {timetable.stops.map((stop, row) => (
              <tr key={`${stop}-${row}`}>
                <th scope="row">{stop}</th>
                {columns.map((c, i) => (
                  <td key={i} className={c.journey_trip ? 'timetable-own' : undefined}>
                    {timetableCell(c.times[row])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
