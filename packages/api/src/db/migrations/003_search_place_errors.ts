import { sql, type Kysely } from 'kysely';

/**
 * Why a search's origin or destination could not be placed (not found, or outside the region),
 * as field errors: the results page shows them instead of a bare "no results" (issue #14).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries add column place_errors jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_queries drop column place_errors`.execute(db);
}
