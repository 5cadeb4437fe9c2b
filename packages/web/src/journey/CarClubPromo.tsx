import type { Step } from '@cairn/contracts';

/**
 * The car-club provider's logo and promo link when the journey starts with a car-club drive
 * (the short walk to the bay before it does not count).
 */
export function CarClubPromo({ steps }: { steps: Step[] }) {
  const first = steps.find((s) => s.type !== 'walk');
  if (!first || first.type !== 'car club' || !first.provider || !first.promo_link) return null;
  return (
    <div className="carclub">
      <span className="carclub-logo" aria-hidden="true">
        {first.provider}
      </span>
      <a href={first.promo_link} target="_blank" rel="noopener noreferrer">
        Join {clubName(first.provider)} (offer for new members)
      </a>
    </div>
  );
}

/** The provider as "… car club", once: "Demo Spey Car Club" already says it. */
function clubName(provider: string): string {
  return /\bcar club\b/i.test(provider) ? provider : `${provider} car club`;
}
