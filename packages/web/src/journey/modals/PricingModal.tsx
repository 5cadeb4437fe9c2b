import type { Journey } from '@cairn/contracts';
import { Modal } from '../../ui/Modal.tsx';
import { costLabel, formatCostText } from '../costLabel.ts';

/** SPEC §2 Pricing Breakdown: the estimate note, a line per entry and Total Price. */
export function PricingModal({
  journey,
  open,
  onClose,
}: {
  journey: Journey;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="Pricing Breakdown" open={open} onClose={onClose}>
      <p>The price displayed in your journey plan is an estimate only</p>
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {journey.pricing_breakdown.map((line, i) => (
            <tr key={i}>
              <td>{line.description}</td>
              <td>{formatCostText(line.cost)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total Price</th>
            <td>
              <strong>{costLabel(journey)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </Modal>
  );
}
