import { sql, type Kysely } from 'kysely';

/**
 * Why a search whose ends were placed found no journey (contracts NoJourney, the engine's typed
 * reason), so the results page can say why and offer the next action (issue #27).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries add column no_journey jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries drop column no_journey`.execute(db);
}
