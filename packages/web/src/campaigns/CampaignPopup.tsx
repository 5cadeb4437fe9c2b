import { useCallback, useEffect, useRef, useState } from 'react';
import { useMatches } from 'react-router';
import type { Campaign, Impression } from '@cairn/contracts';
import { Modal } from '../ui/Modal.tsx';
import { fetchCampaigns, recordImpression } from './campaignApi.ts';
import { activeCampaign, placementOf, shownOn } from './campaignRules.ts';
import { addImpression, pruneImpressions } from './impressions.ts';
import './campaigns.css';

type Props = { storage?: Storage; now?: () => Date; openWindow?: (url: string) => void };

const openInNewWindow = (url: string) => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

/**
 * The campaign popup (SPEC §4): on start, stale impressions are dropped and the active campaign
 * fetched; it shows on the screens its appear_on names, records a view when it first shows,
 * and a clickthrough when its button opens the campaign's page.
 */
export function CampaignPopup({
  storage = window.localStorage,
  now = () => new Date(),
  openWindow = openInNewWindow,
}: Props) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const view = useRef<{ campaignId: string; impression: Promise<Impression | null> } | null>(null);
  const placement = placementOf(useMatches().map((m) => m.handle));

  useEffect(() => {
    let cancelled = false;
    const kept = pruneImpressions(storage, now());
    fetchCampaigns(kept.map((i) => i.id)).then(
      (list) => {
        if (!cancelled) setCampaign(activeCampaign(list));
      },
      () => undefined, // A campaign is optional: a failed fetch just means no popup.
    );
    return () => {
      cancelled = true;
    };
    // Once per app start.
  }, []);

  const open = shownOn(campaign, placement);

  useEffect(() => {
    if (!open || !campaign || view.current?.campaignId === campaign.id) return;
    const impression = recordImpression(campaign.id, 'view', null).then(
      (i) => {
        addImpression(storage, i);
        return i;
      },
      () => null,
    );
    view.current = { campaignId: campaign.id, impression };
  }, [open, campaign, storage]);

  const close = useCallback(() => {
    setCampaign(null);
    view.current = null;
  }, []);

  if (!open || !campaign) return null;

  const act = () => {
    if (!campaign.url) return;
    // Open first, while the click still counts as a user gesture (popup blockers).
    openWindow(campaign.url);
    const pending = view.current?.impression ?? Promise.resolve(null);
    void pending.then((viewed) =>
      viewed ? recordImpression(campaign.id, 'clickthrough', viewed.id).catch(() => undefined) : undefined,
    );
    close();
  };

  return (
    <Modal
      title={campaign.title}
      open
      onClose={close}
      footer={
        campaign.url ? (
          <button type="button" className="button button-primary" onClick={act}>
            {campaign.url_button_text || 'Find out more'}
            <span className="visually-hidden"> (opens in a new window)</span>
          </button>
        ) : (
          <button type="button" className="button" onClick={close}>
            Close
          </button>
        )
      }
    >
      <div className="campaign-popup">
        {campaign.thumbnail && <img className="campaign-cover" src={campaign.thumbnail.cover_url} alt="" />}
        <p>{campaign.text}</p>
      </div>
    </Modal>
  );
}
