import type { Step } from '@cairn/contracts';

/** The car-club provider's logo and promo link, when the journey starts with a car-club step. */
export function CarClubPromo({ firstStep }: { firstStep: Step | undefined }) {
  if (!firstStep || firstStep.type !== 'car club' || !firstStep.provider || !firstStep.promo_link)
    return null;
  return (
    <div className="carclub">
      <span className="carclub-logo" aria-hidden="true">
        {firstStep.provider}
      </span>
      <a href={firstStep.promo_link} target="_blank" rel="noopener noreferrer">
        Join {firstStep.provider} car club (offer for new members)
      </a>
    </div>
  );
}
