import { sql, type Kysely } from 'kysely';

/**
 * Failed logins for e-mail addresses without an account, so they lock exactly like real ones
 * and a 429 does not reveal that an address is registered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table login_failures (
    email text primary key,
    failures integer not null,
    locked_until timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_failures`.execute(db);
}
