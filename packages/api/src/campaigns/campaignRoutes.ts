import {
  APPEAR_ON,
  Campaign,
  CampaignListQuery,
  Impression,
  ImpressionRequest,
  PageMeta,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';
import { HttpError, INVALID_DATA, notFound, parseOr422 } from '../http/httpError.ts';
import {
  findCampaign,
  findView,
  listRunningCampaigns,
  recordImpression,
  toCampaign,
} from './campaignStore.ts';

const ListQuery = CampaignListQuery.extend({ appear_on: z.enum(APPEAR_ON).optional() });
const CampaignList = z.object({ data: z.array(Campaign), meta: PageMeta });
const ImpressionResponse = z.object({ data: Impression });

/**
 * The campaign popup's calls. GET answers the campaigns running now for the brand, soonest
 * ending first. `impression_ids` are the impression ids the browser keeps: a campaign with one
 * of those impressions has been seen by this visitor and is left out, so each visitor sees a
 * campaign once while it runs. An impression expires when its campaign ends.
 */
export function registerCampaignRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/campaign',
      operationId: 'listCampaigns',
      tag: 'campaigns',
      summary: 'Running campaigns not yet seen (impression_ids), ordered by end_at',
      query: ListQuery,
      response: CampaignList,
    },
    async (request) => {
      const input = parseOr422(ListQuery, request.query);
      const seen = input.impression_ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)).slice(0, 100);
      const { total, rows } = await listRunningCampaigns(ctx.database, {
        brand: request.brand.settings.brand,
        now: ctx.now(),
        seenImpressionIds: seen,
        appearOn: input.appear_on,
        order: input.order,
        perPage: input.per_page,
      });
      return {
        data: rows.map(toCampaign),
        meta: {
          total,
          page: 1,
          per_page: input.per_page,
          last_page: Math.ceil(total / input.per_page),
        },
      };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/campaign/:campaignId/impression',
      operationId: 'recordImpression',
      tag: 'campaigns',
      summary: 'Record a view, or a clickthrough of an earlier view',
      body: ImpressionRequest,
      response: ImpressionResponse,
      responseStatus: 201,
    },
    async (request, reply, { params: { campaignId } }) => {
      const input = parseOr422(ImpressionRequest, request.body);
      if (input.campaign_id !== campaignId) {
        throw new HttpError(422, INVALID_DATA, {
          campaign_id: ['Does not match the campaign in the address.'],
        });
      }
      const campaign = /^[0-9a-f-]{36}$/.test(campaignId)
        ? await findCampaign(ctx.database, campaignId)
        : undefined;
      if (!campaign) throw notFound('This campaign does not exist.');
      if (campaign.end_at <= ctx.now()) throw new HttpError(410, 'This campaign has ended.');
      let parentId: string | null = null;
      if (input.action === 'clickthrough') {
        const parent =
          input.impression_id && /^[0-9a-f-]{36}$/.test(input.impression_id)
            ? await findView(ctx.database, campaignId, input.impression_id)
            : undefined;
        if (!parent)
          throw new HttpError(422, INVALID_DATA, {
            impression_id: ['A clickthrough needs the id of a view of this campaign.'],
          });
        parentId = parent;
      } else if (input.impression_id !== null) {
        throw new HttpError(422, INVALID_DATA, {
          impression_id: ['A view has no impression_id (send null).'],
        });
      }
      const row = await recordImpression(ctx.database, {
        campaignId,
        action: input.action,
        parentId,
        expiresAt: campaign.end_at,
      });
      reply.code(201);
      return { data: { id: row.id, expires_at: row.expires_at.toISOString() } };
    },
  );
}
