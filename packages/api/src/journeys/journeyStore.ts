import type { Journey, PageQuery } from '@cairn/contracts';
import type { Database } from '../db/database.ts';
import type { StoredJourney } from '../db/schema.ts';

/*
 * The journeys table: the Journey documents of planned searches, in rank order per search hash.
 * A document is stored as the planner answered it (checked against the contract), with its final
 * id and `user_status: null`; who saved it is read from saved_journeys when it is served.
 */

/** A stored journey as served to a user: marked `saved` when that user saved it. */
export function servedJourney(document: StoredJourney, saved: boolean): Journey {
  return { ...document, user_status: saved ? 'saved' : null };
}

/** The journeys table's rows of a search's journeys in rank order (searchStore's recordResults stores them). */
export function journeyRows(hash: string, journeys: readonly StoredJourney[]) {
  return journeys.map((j, position) => ({ id: j.id, hash, position, document: JSON.stringify(j) }));
}

/** The ids of a search's stored journeys, in rank order. */
export async function listJourneyIds(database: Database, hash: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('journeys')
    .select('id')
    .where('hash', '=', hash)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.id);
}

/** The stored documents of a search's journeys, in rank order. */
export async function listStoredJourneys(
  database: Database,
  hash: string,
): Promise<{ id: string; document: StoredJourney }[]> {
  return database.db
    .selectFrom('journeys')
    .select(['id', 'document'])
    .where('hash', '=', hash)
    .orderBy('position')
    .execute();
}

/** Replaces a stored journey's document (live running rewrote its rides; the id stays). */
export async function replaceStoredJourney(database: Database, document: StoredJourney): Promise<void> {
  await database.db
    .updateTable('journeys')
    .set({ document: JSON.stringify(document) })
    .where('id', '=', document.id)
    .execute();
}

/** The stored journeys of a search in rank order, marked `saved` for the user who saved them. */
export async function listJourneys(
  database: Database,
  hash: string,
  userId: string | null,
): Promise<Journey[]> {
  const rows = await listStoredJourneys(database, hash);
  const saved = await savedIds(
    database,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => servedJourney(r.document, saved.has(r.id)));
}

export async function findJourney(
  database: Database,
  id: string,
  userId: string | null,
): Promise<Journey | undefined> {
  const row = await database.db
    .selectFrom('journeys')
    .select(['id', 'document'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const saved = await savedIds(database, userId, [row.id]);
  return servedJourney(row.document, saved.has(row.id));
}

async function savedIds(database: Database, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set();
  const rows = await database.db
    .selectFrom('saved_journeys')
    .select('journey_id')
    .where('user_id', '=', userId)
    .where('journey_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.journey_id));
}

/** Saves a journey for a user; saving it again changes nothing. */
export async function saveJourney(database: Database, userId: string, journeyId: string): Promise<void> {
  await database.db
    .insertInto('saved_journeys')
    .values({ user_id: userId, journey_id: journeyId })
    .onConflict((oc) => oc.columns(['user_id', 'journey_id']).doNothing())
    .execute();
}

/** Removes one of a user's saved journeys; false when they had not saved it. */
export async function removeSavedJourney(
  database: Database,
  userId: string,
  journeyId: string,
): Promise<boolean> {
  const result = await database.db
    .deleteFrom('saved_journeys')
    .where('user_id', '=', userId)
    .where('journey_id', '=', journeyId)
    .executeTakeFirst();
  return result.numDeletedRows !== 0n;
}

/** Counts one more view of a stored journey; undefined when there is no such journey. */
export async function countJourneyView(
  database: Database,
  journeyId: string,
): Promise<{ id: string; view_count: number } | undefined> {
  return database.db
    .updateTable('journeys')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', journeyId)
    .returning(['id', 'view_count'])
    .executeTakeFirst();
}

/** One page of a user's saved journeys, newest first, with how many they saved in all. */
export async function listSavedJourneys(
  database: Database,
  userId: string,
  page: PageQuery,
): Promise<{ total: number; journeys: Journey[] }> {
  const base = database.db.selectFrom('saved_journeys').where('saved_journeys.user_id', '=', userId);
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
  return { total: Number(total), journeys: rows.map((r) => servedJourney(r.document, true)) };
}
