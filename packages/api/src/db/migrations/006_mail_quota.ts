import { sql, type Kysely } from 'kysely';

/**
 * Account mails sent to each address in the current hour, so strangers cannot flood an inbox
 * (issue 30, finding 4): the worker counts here before it makes a code or sends anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table mail_quota (
    recipient text primary key,
    window_start timestamptz not null,
    sent integer not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_quota`.execute(db);
}
