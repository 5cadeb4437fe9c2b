import {
  ENTITLEMENT_FIELDS,
  entitlementsProfile,
  JourneyResponse,
  mergeEntitlements,
  NO_ENTITLEMENTS,
  Profile,
  SearchCreated,
  SearchRequest,
  SearchResults,
  UpdateReturnTimeRequest,
  type Profile as ProfileT,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { findUser } from '../accounts/session.ts';
import { clientKey } from '../http/clientKey.ts';
import { ageOn } from '../accounts/userView.ts';
import { HttpError, INVALID_DATA, notFound, parseOr422 } from '../http/httpError.ts';
import { createSearch, findSearch, hashOfJourneyId, toSearchQuery, type SearchRow } from './searchStore.ts';
import { findJourney, listJourneys } from '../journeys/journeyStore.ts';
import { checkSearchWindow } from './searchWindow.ts';

/** The search calls of SPEC §7: create, results, one journey, and a new return time. */
export function registerSearchRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  // New searches and re-plans share one budget per client (issue #15): each one queues planning
  // work, so a flood from one client would slow everyone's searches and reads. The burst window
  // spreads the minute's budget: planned at once, it would still stall the process for a while.
  const limiters = [
    { max: ctx.config.searchRateLimitPerMinute, timeWindow: 60_000 },
    { max: ctx.config.searchRateLimitBurst, timeWindow: 10_000 },
  ].map((options) => app.createRateLimit({ ...options, keyGenerator: clientKey }));
  const limitSearchCreation = async (request: FastifyRequest) => {
    for (const limiter of limiters) {
      const limit = await limiter(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        throw new HttpError(
          429,
          `Too many new searches from this address. Try again in ${seconds} seconds.`,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
    }
  };

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/journey-planner/search',
      operationId: 'createSearch',
      tag: 'search',
      summary: 'Store a search and start planning it; events follow on channel query.{hash}',
      auth: 'optional',
      body: SearchRequest,
      response: SearchCreated,
      responseStatus: 201,
    },
    async (request, reply) => {
      await limitSearchCreation(request);
      const input = parseOr422(SearchRequest, request.body);
      const errors = {
        ...checkRailcard(input),
        ...checkSearchWindow(input, ctx.now(), ctx.planner.getPlanner().region.timeZone),
      };
      if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID_DATA, errors);
      const user = request.brand.settings.enableUserAccounts ? await findUser(ctx, request) : undefined;
      const hash = await createSearch(ctx.database, ctx.queue, {
        request: input,
        profile: user ? profileFor(user, input, ctx.now()) : null,
        userId: user?.id ?? null,
        brand: request.brand.settings.brand,
      });
      reply.code(201);
      return { data: { hash } };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/journey-planner/search/:hash',
      operationId: 'getSearchResults',
      tag: 'search',
      summary: 'The search and the journeys planned so far',
      auth: 'optional',
      response: SearchResults,
    },
    async (request, _reply, { params }) => {
      const query = await getSearch(ctx, params.hash);
      const user = await findUser(ctx, request);
      refuseUnlessOwner(query, user?.id);
      return {
        data: {
          journeys: await listJourneys(ctx.database, query.hash, user?.id ?? null),
          query: toSearchQuery(query),
        },
      };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/journey-planner/search/:hash/:journeyId',
      operationId: 'getJourney',
      tag: 'search',
      summary: 'One journey of a search',
      auth: 'optional',
      response: JourneyResponse,
    },
    async (request, _reply, { params: { hash, journeyId } }) => {
      const query = await getSearch(ctx, hash);
      if (hashOfJourneyId(journeyId) !== query.hash) throw notFound('This journey does not exist.');
      const user = await findUser(ctx, request);
      refuseUnlessOwner(query, user?.id);
      const journey = await findJourney(ctx.database, journeyId, user?.id ?? null);
      if (!journey) throw notFound('This journey does not exist.');
      return { data: journey };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/journey-planner/search/:hash/update-return-time',
      operationId: 'updateReturnTime',
      tag: 'search',
      summary: 'Plan the search again with a new return time; answers the new hash',
      auth: 'optional',
      body: UpdateReturnTimeRequest,
      response: SearchCreated,
      responseStatus: 201,
    },
    async (request, reply, { params }) => {
      await limitSearchCreation(request);
      const query = await getSearch(ctx, params.hash);
      const input = parseOr422(UpdateReturnTimeRequest, request.body);
      const caller = request.brand.settings.enableUserAccounts ? await findUser(ctx, request) : undefined;
      // A re-plan belongs to the caller (issue #15): knowing a hash lets anyone read a search,
      // never act as its owner. Someone else's account search is re-planned without the
      // entitlements its owner sent, under the caller's account and profile (or nobody's).
      const someoneElses = query.user_id !== null && query.user_id !== caller?.id;
      const original = SearchRequest.parse(query.request);
      const updated = {
        ...(someoneElses ? withoutEntitlements(original) : original),
        return_time: input.return_time,
      };
      const errors = checkSearchWindow(updated, ctx.now(), ctx.planner.getPlanner().region.timeZone);
      // Only the return time was sent: an outbound now in the past is not this request's fault.
      delete errors.out_time;
      if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID_DATA, errors);
      const hash = await createSearch(ctx.database, ctx.queue, {
        request: updated,
        profile: caller ? profileFor(caller, updated, ctx.now()) : null,
        userId: caller?.id ?? null,
        brand: query.brand,
        parentHash: query.hash,
      });
      reply.code(201);
      return { data: { hash } };
    },
  );
}

/**
 * "I have a railcard" needs the railcard. Checked on new searches only, not in the stored shape:
 * searches stored before the rule must still re-plan.
 */
function checkRailcard(input: SearchRequest): Record<string, string[]> {
  return input.has_railcard === true && input.railcard_type === undefined
    ? { railcard_type: ['Choose your railcard.'] }
    : {};
}

function withoutEntitlements(request: SearchRequest): SearchRequest {
  const copy = { ...request };
  for (const field of ENTITLEMENT_FIELDS) delete copy[field];
  return copy;
}

async function getSearch(ctx: AppContext, hash: string): Promise<SearchRow> {
  const query = await findSearch(ctx.database, hash);
  if (!query) throw notFound('This search does not exist.');
  return query;
}

/**
 * A search made with an account is read only with its owner's token: its journeys are priced with
 * the owner's railcard and concession card and planned for their step-free need, which a shared
 * link must not reveal (issue 30, finding 12). Anyone else is told it does not exist. A visitor's
 * search stays readable by anyone with its link.
 */
function refuseUnlessOwner(query: SearchRow, callerId: string | undefined): void {
  if (query.user_id !== null && query.user_id !== callerId) throw notFound('This search does not exist.');
}

/**
 * The profile a logged-in search is planned with: the entitlements the form sent over the stored
 * profile, the age from the account's date of birth when neither gives one (`mergeEntitlements`,
 * ADR 009).
 */
function profileFor(user: UserRow, request: SearchRequest, now: Date): ProfileT {
  const dobAge = ageOn(user.dob, now.toISOString().slice(0, 10)) ?? null;
  return entitlementsProfile(
    mergeEntitlements(request, Profile.parse(user.profile ?? {}), { ...NO_ENTITLEMENTS, age: dobAge }),
  );
}
