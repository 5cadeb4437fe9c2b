import type { Campaign, Impression, ImpressionRequest } from '@cairn/contracts';
import { decode, decodeList } from '../api/decode.ts';
import { apiRequest } from '../api/http.ts';

/** GET /v1/campaign: the soonest-ending running campaign not yet seen (SPEC §7). */
export async function fetchCampaigns(impressionIds: readonly string[]): Promise<Campaign[]> {
  const query = {
    order_by: 'end_at',
    order: 'asc',
    per_page: 1,
    impression_ids: impressionIds.join(',') || undefined,
  };
  const body = await apiRequest<{ data?: unknown }>('/v1/campaign', { query });
  return decodeList('Campaign', body?.data);
}

/** POST /v1/campaign/{id}/impression: a view (impression_id null) or a clickthrough of that view. */
export async function recordImpression(
  campaignId: string,
  action: ImpressionRequest['action'],
  impressionId: string | null,
): Promise<Impression> {
  const body: ImpressionRequest = {
    campaign_id: campaignId,
    action,
    impression_id: action === 'view' ? null : impressionId,
  };
  const answer = await apiRequest<{ data?: unknown }>(
    `/v1/campaign/${encodeURIComponent(campaignId)}/impression`,
    { method: 'POST', body },
  );
  return decode('Impression', answer?.data);
}
