import {
  MessageResponse,
  PageMeta,
  PageQuery,
  RecentSearchItem,
  SavedJourneyItem,
  type Journey,
} from '@cairn/contracts';
import { legChangeCount } from '@cairn/engine/format';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAccounts } from '../accounts/accountRoutes.ts';
import { getUser } from '../accounts/session.ts';
import type { AppContext } from '../context.ts';
import { notFound, parseOr422 } from '../http/httpError.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { findSearch, hashOfJourneyId } from '../search/searchStore.ts';
import { findJourney, servedJourney } from './journeyStore.ts';

const SavedResponse = MessageResponse.extend({ data: SavedJourneyItem });
const ViewedResponse = z.object({ data: z.object({ journey_id: z.string(), view_count: z.number().int() }) });
const RecentList = z.object({ data: z.array(RecentSearchItem), meta: PageMeta });
const SavedList = z.object({ data: z.array(SavedJourneyItem), meta: PageMeta });

/** Saving and viewing journeys, and a user's recent searches and saved journeys (SPEC §7). */
export function registerJourneyRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  const { db } = ctx.database;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/journey/save/:id',
      operationId: 'saveJourney',
      tag: 'journeys',
      summary: 'Save a journey for the logged-in user',
      auth: 'required',
      response: SavedResponse,
    },
    async (request) => {
      requireAccounts(request);
      const user = await getUser(ctx, request);
      const journey = await getJourney(ctx, request, 'id', user.id);
      // Saving a journey of someone else's account search would let its entitlements be read
      // back from one's own list (issue 30, finding 12): such a journey does not exist for them.
      const search = await findSearch(ctx, hashOfJourneyId(journey.id) ?? '');
      if (search?.user_id != null && search.user_id !== user.id)
        throw notFound('This journey does not exist.');
      await db
        .insertInto('saved_journeys')
        .values({ user_id: user.id, journey_id: journey.id })
        .onConflict((oc) => oc.columns(['user_id', 'journey_id']).doNothing())
        .execute();
      return { message: 'Journey saved', data: toSavedItem({ ...journey, user_status: 'saved' }) };
    },
  );

  routes.add(
    app,
    {
      method: 'DELETE',
      url: '/v1/journey/saved/:id',
      operationId: 'deleteSavedJourney',
      tag: 'journeys',
      summary: "Remove one of the logged-in user's saved journeys",
      auth: 'required',
      response: MessageResponse,
    },
    async (request) => {
      requireAccounts(request);
      const user = await getUser(ctx, request);
      const { id } = request.params as { id: string };
      const result = await db
        .deleteFrom('saved_journeys')
        .where('user_id', '=', user.id)
        .where('journey_id', '=', id)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) throw notFound('You have no saved journey with this id.');
      return { message: 'Journey removed' };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/journey/viewed/:journeyId',
      operationId: 'markJourneyViewed',
      tag: 'journeys',
      summary: 'Record that a journey was opened',
      auth: 'optional',
      response: ViewedResponse,
    },
    async (request) => {
      const { journeyId } = request.params as { journeyId: string };
      const row = hashOfJourneyId(journeyId)
        ? await db
            .updateTable('journeys')
            .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
            .where('id', '=', journeyId)
            .returning(['id', 'view_count'])
            .executeTakeFirst()
        : undefined;
      if (!row) throw notFound('This journey does not exist.');
      return { data: { journey_id: row.id, view_count: row.view_count } };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/journey-planner/queries/user',
      operationId: 'listRecentSearches',
      tag: 'journeys',
      summary: "The logged-in user's recent searches, newest first",
      auth: 'required',
      query: PageQuery,
      response: RecentList,
    },
    async (request) => {
      requireAccounts(request);
      const user = await getUser(ctx, request);
      const page = parseOr422(PageQuery, request.query);
      const base = db.selectFrom('search_queries').where('user_id', '=', user.id);
      const { total } = await base
        .select(({ fn }) => fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'hash',
          'origin_address',
          'destination_address',
          'out_departure_at',
          'return_departure_at',
          'created_at',
        ])
        .orderBy('created_at', 'desc')
        .orderBy('hash')
        .limit(page.per_page)
        .offset((page.page - 1) * page.per_page)
        .execute();
      return {
        data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
        meta: meta(Number(total), page),
      };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/journey/saved/user',
      operationId: 'listSavedJourneys',
      tag: 'journeys',
      summary: "The logged-in user's saved journeys, newest first",
      auth: 'required',
      query: PageQuery,
      response: SavedList,
    },
    async (request) => {
      requireAccounts(request);
      const user = await getUser(ctx, request);
      const page = parseOr422(PageQuery, request.query);
      const base = db.selectFrom('saved_journeys').where('saved_journeys.user_id', '=', user.id);
      const { total } = await base
        .select(({ fn }) => fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('journeys', 'journeys.id', 'saved_journeys.journey_id')
        .select(['journeys.document'])
        .orderBy('saved_journeys.created_at', 'desc')
        .orderBy('journeys.id')
        .limit(page.per_page)
        .offset((page.page - 1) * page.per_page)
        .execute();
      return {
        data: rows.map((r) => toSavedItem(servedJourney(r.document, true))),
        meta: meta(Number(total), page),
      };
    },
  );
}

async function getJourney(
  ctx: AppContext,
  request: FastifyRequest,
  param: string,
  userId: string,
): Promise<Journey> {
  const id = (request.params as Record<string, string>)[param] ?? '';
  const journey = hashOfJourneyId(id) ? await findJourney(ctx, id, userId) : undefined;
  if (!journey) throw notFound('This journey does not exist.');
  return journey;
}

function meta(total: number, page: { page: number; per_page: number }): PageMeta {
  return { total, page: page.page, per_page: page.per_page, last_page: Math.ceil(total / page.per_page) };
}

/** The list item of a saved journey (SPEC §3), taken from the stored journey document. */
export function toSavedItem(journey: Journey): SavedJourneyItem {
  const ret = journey.return;
  return {
    hash: hashOfJourneyId(journey.id) ?? '',
    journey_id: journey.id,
    origin: journey.origin,
    destination_address: journey.destination,
    is_return: ret !== null,
    cost: journey.cost,
    out_date: journey.depart.departure_date,
    out_time: journey.depart.departure_at,
    out_arrive_time: journey.depart.arrival_at,
    return_date: ret?.departure_date ?? null,
    return_time: ret?.departure_at ?? null,
    return_arrive_time: ret?.arrival_at ?? null,
    duration_depart: { text: journey.depart.duration.text },
    duration_return: ret ? { text: ret.duration.text } : null,
    stages: { depart: journey.depart.stages, return: ret?.stages ?? null },
    changes: { depart: legChangeCount(journey.depart), return: ret ? legChangeCount(ret) : null },
  };
}
