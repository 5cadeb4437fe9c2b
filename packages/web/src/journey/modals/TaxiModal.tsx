import type { Taxi } from '@cairn/contracts';
import { Modal } from '../../ui/Modal.tsx';
import '../stepFree.css';

/** Local taxi operators: name and phone (tel link), or the empty text. */
export function TaxiModal({ taxis, open, onClose }: { taxis: Taxi[]; open: boolean; onClose: () => void }) {
  return (
    <Modal title="Local taxi operators" open={open} onClose={onClose}>
      <p>The taxi price shown is an estimate only. Calls are charged at your phone provider's rate.</p>
      {taxis.length === 0 ? (
        <p>There are no local taxi operators.</p>
      ) : (
        <ul className="taxi-list">
          {taxis.map((t) => (
            <li key={`${t.name}-${t.phone}`}>
              <strong>{t.name}</strong>: <a href={`tel:${t.phone.replace(/[^\d+]/g, '')}`}>{t.phone}</a>
              {t.wheelchair_accessible && (
                <span className="wheelchair-taxi"> · Wheelchair-accessible vehicles</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
