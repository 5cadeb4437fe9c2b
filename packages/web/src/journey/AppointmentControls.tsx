import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Journey } from '@cairn/contracts';
import { updateReturnTime } from '../api/endpoints.ts';
import { ApiError } from '../api/http.ts';
import { clearResults, loadQuery } from '../search/resultsStore.ts';
import { firstMessages } from '../planner/plannerValues.ts';
import {
  APPOINTMENT_LENGTHS_MIN,
  returnTimeForAppointment,
  shiftedReturnTime,
  type ReturnShift,
} from './appointment.ts';

type Props = { hash: string; journey: Journey; minutes: number; onMinutes: (m: number) => void };

/** Health brands: appointment length with Update, and earlier/later return options. */
export function AppointmentControls({ hash, journey, minutes, onMinutes }: Props) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ret = journey.return;
  if (!ret) return null;
  const shiftOf = (direction: -1 | 1): ReturnShift => ({
    fromIso: ret.departure_datetime,
    fromTime: ret.departure_at,
    direction,
  });

  const submit = async (returnTimeOf: () => string | Promise<string>, returnShift?: ReturnShift) => {
    setBusy(true);
    setErrors({});
    try {
      const returnTime = await returnTimeOf();
      clearResults(hash);
      const next = await updateReturnTime(hash, returnTime);
      // An earlier or later return tells the new Results what it moved from, to say when none exists.
      navigate(`/search/${next}/results`, returnShift ? { state: { returnShift } } : undefined);
    } catch (error) {
      setBusy(false);
      // SPEC §8: update-return-time failures show field errors only.
      if (error instanceof ApiError) setErrors(firstMessages(error.fieldErrors));
    }
  };

  return (
    <section className="appointment" aria-labelledby="appointment-heading">
      <h3 id="appointment-heading">Your appointment</h3>
      <form
        className="map-controls"
        onSubmit={(e) => {
          e.preventDefault();
          // The appointment's own time is the search's arrive-by time, kept with the stored query.
          void submit(async () =>
            returnTimeForAppointment(
              (await loadQuery(hash)).arrive_at_time,
              journey.depart.arrival_datetime,
              minutes,
            ),
          );
        }}
      >
        <div className="field">
          <label htmlFor="appointment-length">Appointment length</label>
          <select id="appointment-length" value={minutes} onChange={(e) => onMinutes(Number(e.target.value))}>
            {APPOINTMENT_LENGTHS_MIN.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Update
        </button>
      </form>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void submit(() => shiftedReturnTime(ret.departure_datetime, -1), shiftOf(-1))}
        >
          Earlier return option
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void submit(() => shiftedReturnTime(ret.departure_datetime, 1), shiftOf(1))}
        >
          Later return option
        </button>
      </div>
      {Object.entries(errors).map(([field, message]) => (
        <p key={field} className="field-error" role="alert">
          {message}
        </p>
      ))}
    </section>
  );
}
