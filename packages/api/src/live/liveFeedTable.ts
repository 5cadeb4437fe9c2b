import type { PolledSource } from '@cairn/engine';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** NOTIFY channel announcing a new row of live_feeds (payload: its generation). */
export const LIVE_CHANNEL = 'cairn_live';

/** A stored body of one source, as every process ingests it. */
export interface StoredFeed {
  source: string;
  feedId: string;
  kind: PolledSource['kind'];
  maxAgeSec: number;
  bytes: Uint8Array;
  fetchedAtSec: number;
  etag: string | null;
  lastModified: string | null;
  generation: number;
}

/**
 * Stores a fetched body as its source's row with the next generation, then announces it. The
 * generation comes from one database sequence, so it orders the bodies of all sources and leaders.
 */
export async function storeFeed(
  database: Database,
  source: PolledSource,
  fetched: { body: Uint8Array; etag: string | null; lastModified: string | null },
  fetchedAt: Date,
): Promise<number> {
  const values = {
    feed_id: source.feedId,
    kind: source.kind,
    max_age_sec: source.maxAgeSec,
    bytes: Buffer.from(fetched.body),
    fetched_at: fetchedAt,
    etag: fetched.etag,
    last_modified: fetched.lastModified,
    generation: sql<number>`nextval('live_feed_generation')`,
  };
  const row = await database.db
    .insertInto('live_feeds')
    .values({ source: source.source, ...values })
    .onConflict((oc) => oc.column('source').doUpdateSet(values))
    .returning('generation')
    .executeTakeFirstOrThrow();
  await database.notify(LIVE_CHANNEL, String(row.generation));
  return row.generation;
}

/**
 * Stores a source's body again as of `at`, with the next generation: every process re-ingests it
 * at that time, so a body older than the source's maximum age is dropped everywhere at once.
 */
export async function restampFeed(database: Database, source: string, at: Date): Promise<void> {
  const row = await database.db
    .updateTable('live_feeds')
    .set({ fetched_at: at, generation: sql<number>`nextval('live_feed_generation')` })
    .where('source', '=', source)
    .returning('generation')
    .executeTakeFirst();
  if (row) await database.notify(LIVE_CHANNEL, String(row.generation));
}

/** The stored bodies newer than `afterGeneration`, oldest first. */
export async function feedsAfter(database: Database, afterGeneration: number): Promise<StoredFeed[]> {
  const rows = await database.db
    .selectFrom('live_feeds')
    .selectAll()
    .where('generation', '>', afterGeneration)
    .orderBy('generation')
    .execute();
  return rows.map((r) => ({
    source: r.source,
    feedId: r.feed_id,
    kind: r.kind,
    maxAgeSec: r.max_age_sec,
    bytes: new Uint8Array(r.bytes),
    fetchedAtSec: Math.floor(new Date(r.fetched_at).getTime() / 1000),
    etag: r.etag,
    lastModified: r.last_modified,
    generation: r.generation,
  }));
}

/** The validators of a source's stored body, so a new leader's first fetch is conditional. */
export async function storedValidators(
  database: Database,
  source: string,
): Promise<{ etag: string | null; lastModified: string | null }> {
  const row = await database.db
    .selectFrom('live_feeds')
    .select(['etag', 'last_modified'])
    .where('source', '=', source)
    .executeTakeFirst();
  return { etag: row?.etag ?? null, lastModified: row?.last_modified ?? null };
}
