import { sql, type Kysely } from 'kysely';

/**
 * One clickthrough per campaign view (issue 30, finding 14): one view allowed any number of them,
 * so anyone could inflate a campaign's figures. Earlier repeats are dropped, keeping the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from campaign_impressions c
    where c.action = 'clickthrough' and exists (
      select 1 from campaign_impressions e
      where e.action = 'clickthrough' and e.parent_id = c.parent_id
        and (e.created_at, e.id) < (c.created_at, c.id)
    )`.execute(db);
  await sql`create unique index campaign_impressions_one_clickthrough
    on campaign_impressions (parent_id) where action = 'clickthrough'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index campaign_impressions_one_clickthrough`.execute(db);
}
