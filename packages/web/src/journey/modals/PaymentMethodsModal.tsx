import type { Journey } from '@cairn/contracts';
import { Modal } from '../../ui/Modal.tsx';

/** Accepted payment methods per operator (transit journeys only). */
export function PaymentMethodsModal({
  journey,
  open,
  onClose,
}: {
  journey: Journey;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Accepted payment methods" open={open} onClose={onClose}>
      {journey.payment_methods_breakdown.length === 0 ? (
        <p>No payment information is available for the operators of this journey.</p>
      ) : (
        journey.payment_methods_breakdown.map((entry) => (
          <section key={entry.agency_name}>
            <h3>{entry.agency_name}</h3>
            <ul>
              {entry.methods.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Modal>
  );
}
