import { sql, type Kysely } from 'kysely';

/**
 * Live running across processes (docs/adr/014): the poller's last body of each GTFS-realtime
 * source, numbered by one sequence so every process names the same data with the same version;
 * and the searches whose realtime channel is open somewhere, so the poller knows which journeys
 * to check again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence live_feed_generation as integer`.execute(db);
  await sql`create table live_feeds (
    source text primary key,
    feed_id text not null,
    kind text not null,
    max_age_sec integer not null,
    bytes bytea not null,
    fetched_at timestamptz not null,
    etag text,
    last_modified text,
    generation integer not null
  )`.execute(db);
  await sql`create table live_watches (
    hash text primary key references search_queries (hash) on delete cascade,
    expires_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table live_watches`.execute(db);
  await sql`drop table live_feeds`.execute(db);
  await sql`drop sequence live_feed_generation`.execute(db);
}
