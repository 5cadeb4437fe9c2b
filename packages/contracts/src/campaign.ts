import { z } from 'zod';
import { SafeLink, WebAddress } from './common.ts';
import { APPEAR_ON } from './values.ts';

export const Campaign = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  url: SafeLink.nullable(),
  url_button_text: z.string().nullable(),
  thumbnail: z.object({ cover_url: WebAddress }).nullable(),
  appear_on: z.array(z.enum(APPEAR_ON)),
  end_at: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignListQuery = z.object({
  order_by: z.literal('end_at').default('end_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  per_page: z.coerce.number().int().min(1).max(20).default(1),
  /** Impressions the browser already has: campaigns the visitor has seen are not offered again. */
  impression_ids: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).filter(Boolean)),
});

export const ImpressionRequest = z.object({
  campaign_id: z.string(),
  action: z.enum(['view', 'clickthrough']),
  impression_id: z.string().nullable(),
});
export type ImpressionRequest = z.infer<typeof ImpressionRequest>;

export const Impression = z.object({ id: z.string(), expires_at: z.string() });
export type Impression = z.infer<typeof Impression>;
