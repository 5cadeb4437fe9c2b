import { sql, type Kysely } from 'kysely';

// Issue #15. One statement per entry: PGlite's extended-protocol queries take a single statement.
const UP = [
  // Failed logins per (account, client address) and per account ('*'): a guesser locks out only
  // their own address quickly, the account as a whole only after many more failures.
  `create table login_throttle (
    account text not null,
    client text not null,
    failures integer not null,
    locked_until timestamptz,
    updated_at timestamptz not null default now(),
    primary key (account, client)
  )`,
  `drop table login_failures`,
  `alter table users drop column failed_logins`,
  `alter table users drop column locked_until`,
  `alter table account_codes drop constraint account_codes_purpose_check`,
  `alter table account_codes add constraint account_codes_purpose_check
    check (purpose in ('activation', 'password_reset', 'unlock', 'email_change'))`,
  // The address an e-mail change moves to, until its owner confirms it.
  `alter table account_codes add column new_email text`,
  `create index account_codes_user on account_codes (user_id)`,
];

const DOWN = [
  `drop index account_codes_user`,
  `alter table account_codes drop column new_email`,
  `delete from account_codes where purpose in ('unlock', 'email_change')`,
  `alter table account_codes drop constraint account_codes_purpose_check`,
  `alter table account_codes add constraint account_codes_purpose_check
    check (purpose in ('activation', 'password_reset'))`,
  `alter table users add column locked_until timestamptz`,
  `alter table users add column failed_logins integer not null default 0`,
  `create table login_failures (
    email text primary key,
    failures integer not null,
    locked_until timestamptz,
    updated_at timestamptz not null default now()
  )`,
  `drop table login_throttle`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
