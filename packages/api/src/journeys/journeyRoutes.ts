import {
  MessageResponse,
  PageMeta,
  PageQuery,
  RecentSearchItem,
  SavedJourneyItem,
  type Journey,
} from '@cairn/contracts';
import { legChangeCount } from '@cairn/engine/format';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';
import { notFound, parseOr422 } from '../http/httpError.ts';
import { findSearch, hashOfJourneyId, listRecentSearches } from '../search/searchStore.ts';
import {
  countJourneyView,
  findJourney,
  listSavedJourneys,
  removeSavedJourney,
  saveJourney,
} from './journeyStore.ts';

const SavedResponse = MessageResponse.extend({ data: SavedJourneyItem });
const ViewedResponse = z.object({ data: z.object({ journey_id: z.string(), view_count: z.number().int() }) });
const RecentList = z.object({ data: z.array(RecentSearchItem), meta: PageMeta });
const SavedList = z.object({ data: z.array(SavedJourneyItem), meta: PageMeta });

/** Saving and viewing journeys, and a user's recent searches and saved journeys (SPEC §7). */
export function registerJourneyRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/journey/save/:id',
      operationId: 'saveJourney',
      tag: 'journeys',
      summary: 'Save a journey for the logged-in user',
      auth: 'required',
      accounts: true,
      response: SavedResponse,
    },
    async (_request, _reply, { params, user }) => {
      const journey = await getJourney(ctx, params.id, user.id);
      // Saving a journey of someone else's account search would let its entitlements be read
      // back from one's own list (issue 30, finding 12): such a journey does not exist for them.
      const search = await findSearch(ctx.database, hashOfJourneyId(journey.id) ?? '');
      if (search?.user_id != null && search.user_id !== user.id)
        throw notFound('This journey does not exist.');
      await saveJourney(ctx.database, user.id, journey.id);
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
      accounts: true,
      private: true,
      response: MessageResponse,
    },
    async (_request, _reply, { params: { id }, user }) => {
      if (!(await removeSavedJourney(ctx.database, user.id, id)))
        throw notFound('You have no saved journey with this id.');
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
    async (_request, _reply, { params: { journeyId } }) => {
      const row = hashOfJourneyId(journeyId) ? await countJourneyView(ctx.database, journeyId) : undefined;
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
      accounts: true,
      private: true,
      query: PageQuery,
      response: RecentList,
    },
    async (request, _reply, { user }) => {
      const page = parseOr422(PageQuery, request.query);
      const { total, searches } = await listRecentSearches(ctx.database, user.id, page);
      return { data: searches, meta: meta(total, page) };
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
      accounts: true,
      private: true,
      query: PageQuery,
      response: SavedList,
    },
    async (request, _reply, { user }) => {
      const page = parseOr422(PageQuery, request.query);
      const { total, journeys } = await listSavedJourneys(ctx.database, user.id, page);
      return { data: journeys.map(toSavedItem), meta: meta(total, page) };
    },
  );
}

async function getJourney(ctx: AppContext, id: string, userId: string): Promise<Journey> {
  const journey = hashOfJourneyId(id) ? await findJourney(ctx.database, id, userId) : undefined;
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
