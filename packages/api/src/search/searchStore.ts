import { randomBytes } from 'node:crypto';
import {
  mergeEntitlements,
  NoJourney,
  PlaceErrors,
  type PageQuery,
  type Profile,
  type RecentSearchItem,
  type SearchQuery,
  type SearchRequest,
} from '@cairn/contracts';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database.ts';
import { JOBS_CHANNEL, type JobQueue } from '../jobs/jobQueue.ts';
import type { SearchQueriesTable, StoredJourney } from '../db/schema.ts';
import { EVENTS_CHANNEL, eventRows, type StoredEvent } from '../events/eventLog.ts';
import { journeyRows } from '../journeys/journeyStore.ts';

export type SearchRow = Selectable<SearchQueriesTable>;

export const PLAN_SEARCH_JOB = 'plan-search';

/** Search hashes are random (128 bits): knowing one is what lets a visitor read its results. */
export function newSearchHash(): string {
  return randomBytes(16).toString('hex');
}

export function isSearchHash(text: string): boolean {
  return /^[0-9a-f]{32}$/.test(text);
}

/** What may follow the hash in a journey id: the engine's content id (base64url) or an old position. */
const OPTION_PART = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Journey ids carry their search's hash, so the hash-less calls (save, viewed) find them, then the
 * engine's content-based option id (journeys/ranking/optionId.ts), so planning the same search
 * again gives the same option the same id whatever its position in the list. `position` (from 0)
 * stands in when the planner's id is not usable, and tells apart two options with the same id.
 */
export function journeyIdFor(
  hash: string,
  position: number,
  optionId?: string,
  taken?: ReadonlySet<string>,
): string {
  const usable = optionId !== undefined && OPTION_PART.test(optionId);
  const id = usable ? `${hash}-${optionId}` : `${hash}-${position + 1}`;
  return taken?.has(id) ? `${id}-${position + 1}` : id;
}

/** The search hash a journey id starts with, or undefined when it is no journey id. */
export function hashOfJourneyId(id: string): string | undefined {
  const match = /^([0-9a-f]{32})-(.+)$/.exec(id);
  return match && OPTION_PART.test(match[2] ?? '') ? match[1] : undefined;
}

/**
 * Stores the search and queues its planning, in one statement (the search row, its job and the
 * workers' wake-up: one round trip of the POST instead of three); answers the hash.
 */
export async function createSearch(
  database: Database,
  queue: JobQueue,
  input: {
    request: SearchRequest;
    profile: Profile | null;
    userId: string | null;
    brand: string;
    parentHash?: string;
  },
): Promise<string> {
  const { request } = input;
  const hash = newSearchHash();
  await database.db
    .with('search', (db) =>
      db.insertInto('search_queries').values({
        hash,
        brand: input.brand,
        user_id: input.userId,
        parent_hash: input.parentHash ?? null,
        request: JSON.stringify(request),
        profile: JSON.stringify(input.profile),
        origin_address: request.origin,
        destination_address: request.destination,
        out_departure_at: request.out_time,
        return_departure_at: request.return_time ?? null,
        arrive_at_time: request.arrive_by ? request.out_time : null,
        return_time: request.return_time ?? null,
        results_retrieved: null,
        status: 'pending',
        error: null,
      }),
    )
    .with('job', (db) => db.insertInto('jobs').values(queue.newJob(PLAN_SEARCH_JOB, { hash })))
    .selectNoFrom(sql<string>`pg_notify(${JOBS_CHANNEL}, ${PLAN_SEARCH_JOB})`.as('notified'))
    .execute();
  return hash;
}

/**
 * The search a planning job is for, marked as being planned unless it already was (a retry of a
 * job whose results are stored): one statement where reading then marking took two.
 */
export async function startPlanning(database: Database, hash: string): Promise<SearchRow | undefined> {
  if (!isSearchHash(hash)) return undefined;
  return database.db
    .updateTable('search_queries')
    .set({
      status: sql<SearchRow['status']>`case when results_retrieved is null then 'planning' else status end`,
    })
    .where('hash', '=', hash)
    .returningAll()
    .executeTakeFirst();
}

export async function findSearch(database: Database, hash: string): Promise<SearchRow | undefined> {
  if (!isSearchHash(hash)) return undefined;
  return database.db.selectFrom('search_queries').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function toSearchQuery(row: SearchRow): SearchQuery {
  return {
    hash: row.hash,
    origin_address: row.origin_address,
    destination_address: row.destination_address,
    out_departure_at: row.out_departure_at,
    return_departure_at: row.return_departure_at,
    arrive_at_time: row.arrive_at_time,
    return_time: row.return_time,
    results_retrieved: row.results_retrieved,
    status: row.status,
    has_return: row.return_time !== null,
    ...(mergeEntitlements(row.request, row.profile).stepFree ? { step_free: true as const } : {}),
    ...(row.place_errors ? { place_errors: PlaceErrors.parse(row.place_errors) } : {}),
    ...(row.no_journey ? { no_journey: NoJourney.parse(row.no_journey) } : {}),
    ...(row.no_public_transport ? { no_public_transport: NoJourney.parse(row.no_public_transport) } : {}),
  };
}

/** Marks a search as done, clearing the error of an earlier attempt (the retry of a planned search). */
export async function markSearchDone(database: Database, hash: string): Promise<void> {
  await database.db
    .updateTable('search_queries')
    .set({ status: 'done', error: null })
    .where('hash', '=', hash)
    .execute();
}

/** Marks a search as failed for good, with the error for the operator. */
export async function failSearch(database: Database, hash: string, error: string): Promise<void> {
  await database.db
    .updateTable('search_queries')
    .set({ status: 'failed', error })
    .where('hash', '=', hash)
    .execute();
}

/**
 * Stores what planning found and publishes it, in one statement: the journeys in rank order, the
 * number of results and the ends that could not be placed, or why a placed search found nothing,
 * or why its options include no public transport; the status done; the search's events, and the
 * NOTIFY that wakes its streams (sent when the statement commits, so a stream that hears it finds
 * every journey). A search with results_retrieved set is planned. One round trip where the
 * transaction, the events and the status took seven.
 */
export async function recordResults(
  database: Database,
  hash: string,
  results: {
    journeys: readonly StoredJourney[];
    placeErrors?: PlaceErrors | undefined;
    noJourney?: NoJourney | undefined;
    noPublicTransport?: NoJourney | undefined;
    events: readonly StoredEvent[];
  },
): Promise<void> {
  const { journeys, placeErrors, noJourney, noPublicTransport, events } = results;
  const search = database.db.with('search', (db) =>
    db
      .updateTable('search_queries')
      .set({
        results_retrieved: journeys.length,
        place_errors: placeErrors ? JSON.stringify(placeErrors) : null,
        no_journey: noJourney ? JSON.stringify(noJourney) : null,
        no_public_transport: noPublicTransport ? JSON.stringify(noPublicTransport) : null,
        status: 'done',
        error: null,
      })
      .where('hash', '=', hash),
  );
  // An insert of no rows is not valid SQL: a search that found nothing stores no journeys.
  const stored =
    journeys.length === 0
      ? search
      : search.with('journeys', (db) =>
          db
            .insertInto('journeys')
            .values(journeyRows(hash, journeys))
            .onConflict((oc) => oc.column('id').doNothing()),
        );
  await stored
    .with('events', (db) =>
      db
        .insertInto('query_events')
        .values(eventRows(hash, events))
        .onConflict((oc) => oc.columns(['hash', 'seq']).doNothing()),
    )
    .selectNoFrom(sql<string>`pg_notify(${EVENTS_CHANNEL}, ${hash})`.as('notified'))
    .execute();
}

/**
 * Removes searches older than `olderThanDays` that no account needs: made by visitors and with no
 * saved journey. Their journeys and events go with them (cascade). Answers how many were removed.
 */
export async function pruneVisitorSearches(
  database: Database,
  olderThanDays: number,
  now: Date,
): Promise<number> {
  const { db } = database;
  const result = await db
    .deleteFrom('search_queries')
    .where('user_id', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - olderThanDays * 86_400_000))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('journeys')
            .innerJoin('saved_journeys', 'saved_journeys.journey_id', 'journeys.id')
            .select('journeys.id')
            .whereRef('journeys.hash', '=', 'search_queries.hash'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One page of a user's searches, newest first, with how many they made in all. */
export async function listRecentSearches(
  database: Database,
  userId: string,
  page: PageQuery,
): Promise<{ total: number; searches: RecentSearchItem[] }> {
  const base = database.db.selectFrom('search_queries').where('user_id', '=', userId);
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
    total: Number(total),
    searches: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
  };
}
