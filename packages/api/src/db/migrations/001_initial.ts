import { sql, type Kysely } from 'kysely';

// One statement per entry: PGlite's extended-protocol queries take a single statement.
const UP = [
  `create table users (
    id text primary key,
    email text not null,
    password_hash text not null,
    title text not null,
    first_name text not null,
    last_name text not null,
    phone_number text,
    country_code_phone_number text,
    dob text not null,
    profile jsonb not null,
    creation_origin text not null,
    active boolean not null default false,
    failed_logins integer not null default 0,
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index users_email_key on users (lower(email))`,
  `create table access_tokens (
    token_hash text primary key,
    user_id text not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index access_tokens_user on access_tokens (user_id)`,
  `create table account_codes (
    code_hash text primary key,
    user_id text not null references users (id) on delete cascade,
    purpose text not null check (purpose in ('activation', 'password_reset')),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table search_queries (
    hash text primary key,
    brand text not null,
    user_id text references users (id) on delete set null,
    parent_hash text,
    request jsonb not null,
    profile jsonb,
    origin_address text not null,
    destination_address text not null,
    out_departure_at text not null,
    return_departure_at text,
    arrive_at_time text,
    return_time text,
    results_retrieved integer,
    status text not null check (status in ('pending', 'planning', 'done', 'failed')),
    error text,
    created_at timestamptz not null default now()
  )`,
  `create index search_queries_user on search_queries (user_id, created_at desc)`,
  `create table journeys (
    id text primary key,
    hash text not null references search_queries (hash) on delete cascade,
    position integer not null,
    document jsonb not null,
    view_count integer not null default 0,
    created_at timestamptz not null default now(),
    unique (hash, position)
  )`,
  `create table saved_journeys (
    user_id text not null references users (id) on delete cascade,
    journey_id text not null references journeys (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (user_id, journey_id)
  )`,
  `create index saved_journeys_user on saved_journeys (user_id, created_at desc)`,
  `create table query_events (
    hash text not null references search_queries (hash) on delete cascade,
    seq integer not null,
    event jsonb not null,
    created_at timestamptz not null default now(),
    primary key (hash, seq)
  )`,
  `create table jobs (
    id bigint generated always as identity primary key,
    kind text not null,
    payload jsonb not null,
    status text not null check (status in ('queued', 'running', 'done', 'failed')),
    attempts integer not null default 0,
    max_attempts integer not null,
    run_at timestamptz not null,
    locked_until timestamptz,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index jobs_ready on jobs (status, run_at)`,
  `create table campaigns (
    id text primary key,
    brand text,
    title text not null,
    text text not null,
    url text,
    url_button_text text,
    cover_url text,
    appear_on jsonb not null,
    start_at timestamptz not null,
    end_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create table campaign_impressions (
    id text primary key,
    campaign_id text not null references campaigns (id) on delete cascade,
    action text not null check (action in ('view', 'clickthrough')),
    parent_id text references campaign_impressions (id),
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
];

const DOWN = [
  'drop table campaign_impressions',
  'drop table campaigns',
  'drop table jobs',
  'drop table query_events',
  'drop table saved_journeys',
  'drop table journeys',
  'drop table search_queries',
  'drop table account_codes',
  'drop table access_tokens',
  'drop table users',
];

/** The first schema: accounts, searches and their journeys and events, the job queue, campaigns. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
