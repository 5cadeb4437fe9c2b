import { randomUUID } from 'node:crypto';
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
import type { AppContext } from '../context.ts';
import { HttpError, INVALID_DATA, notFound, parseOr422 } from '../http/httpError.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { toCampaign } from './campaignStore.ts';

const ListQuery = CampaignListQuery.extend({ appear_on: z.enum(APPEAR_ON).optional() });
const CampaignList = z.object({ data: z.array(Campaign), meta: PageMeta });
const ImpressionResponse = z.object({ data: Impression });

/**
 * The campaign popup's calls. GET answers the campaigns running now for the brand, soonest
 * ending first. `impression_ids` are the impression ids the browser keeps: a campaign with one
 * of those impressions has been seen by this visitor and is left out, so each visitor sees a
 * campaign once while it runs. An impression expires when its campaign ends.
 */
export function registerCampaignRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  const { db } = ctx.database;

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
      const now = ctx.now();
      const seen = input.impression_ids.filter((id) => /^[0-9a-f-]{36}$/.test(id)).slice(0, 100);
      let query = db
        .selectFrom('campaigns')
        .where('start_at', '<=', now)
        .where('end_at', '>', now)
        .where((eb) => eb.or([eb('brand', 'is', null), eb('brand', '=', request.brand.settings.brand)]));
      if (seen.length > 0) {
        query = query.where(
          'id',
          'not in',
          db.selectFrom('campaign_impressions').select('campaign_id').where('id', 'in', seen),
        );
      }
      if (input.appear_on) {
        query = query.where((eb) =>
          eb('appear_on', '@>', eb.val(JSON.stringify([input.appear_on])).$castTo<never>()),
        );
      }
      const { total } = await query
        .select(({ fn }) => fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('end_at', input.order)
        .orderBy('id')
        .limit(input.per_page)
        .execute();
      return {
        data: rows.map(toCampaign),
        meta: {
          total: Number(total),
          page: 1,
          per_page: input.per_page,
          last_page: Math.ceil(Number(total) / input.per_page),
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
    async (request, reply) => {
      const { campaignId } = request.params as { campaignId: string };
      const input = parseOr422(ImpressionRequest, request.body);
      if (input.campaign_id !== campaignId) {
        throw new HttpError(422, INVALID_DATA, {
          campaign_id: ['Does not match the campaign in the address.'],
        });
      }
      const campaign = /^[0-9a-f-]{36}$/.test(campaignId)
        ? await db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst()
        : undefined;
      if (!campaign) throw notFound('This campaign does not exist.');
      if (campaign.end_at <= ctx.now()) throw new HttpError(410, 'This campaign has ended.');
      let parentId: string | null = null;
      if (input.action === 'clickthrough') {
        const parent =
          input.impression_id && /^[0-9a-f-]{36}$/.test(input.impression_id)
            ? await db
                .selectFrom('campaign_impressions')
                .select('id')
                .where('id', '=', input.impression_id)
                .where('campaign_id', '=', campaignId)
                .where('action', '=', 'view')
                .executeTakeFirst()
            : undefined;
        if (!parent)
          throw new HttpError(422, INVALID_DATA, {
            impression_id: ['A clickthrough needs the id of a view of this campaign.'],
          });
        parentId = parent.id;
      } else if (input.impression_id !== null) {
        throw new HttpError(422, INVALID_DATA, {
          impression_id: ['A view has no impression_id (send null).'],
        });
      }
      // One clickthrough per view (a unique index): a repeat answers the first one's id, so
      // replaying a view's clickthrough cannot inflate the campaign's figures.
      const row =
        (await db
          .insertInto('campaign_impressions')
          .values({
            id: randomUUID(),
            campaign_id: campaignId,
            action: input.action,
            parent_id: parentId,
            expires_at: campaign.end_at,
          })
          .onConflict((oc) => oc.column('parent_id').where('action', '=', 'clickthrough').doNothing())
          .returning(['id', 'expires_at'])
          .executeTakeFirst()) ??
        (await db
          .selectFrom('campaign_impressions')
          .select(['id', 'expires_at'])
          .where('parent_id', '=', parentId)
          .where('action', '=', 'clickthrough')
          .executeTakeFirstOrThrow());
      reply.code(201);
      return { data: { id: row.id, expires_at: row.expires_at.toISOString() } };
    },
  );
}
