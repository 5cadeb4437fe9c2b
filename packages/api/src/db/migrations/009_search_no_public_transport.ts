import { sql, type Kysely } from 'kysely';

/**
 * Why a search's options include no public transport (contracts SearchQuery
 * no_public_transport): Dufftown → Nethy Bridge on a Tuesday offered a lift alone, and never said
 * that no bus runs that day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries add column no_public_transport jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries drop column no_public_transport`.execute(db);
}
