import type { Journey } from '@cairn/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the tables created by `db/migrations/`; Kysely checks every query against them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb columns: written as JSON text, read back as parsed values. */
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  title: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  country_code_phone_number: string | null;
  dob: string;
  profile: Json<Record<string, unknown>>;
  creation_origin: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A user as stored (with the password hash: never answered as it is; see accounts/userView.ts). */
export type UserRow = Selectable<UsersTable>;

export interface AccessTokensTable {
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AccountCodesTable {
  code_hash: string;
  user_id: string;
  purpose: 'activation' | 'password_reset' | 'unlock' | 'email_change';
  /** The address an e-mail change moves to (purpose email_change). */
  new_email: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SearchQueriesTable {
  hash: string;
  brand: string;
  user_id: string | null;
  parent_hash: string | null;
  request: Json<Record<string, unknown>>;
  profile: Json<Record<string, unknown> | null>;
  origin_address: string;
  destination_address: string;
  out_departure_at: string;
  return_departure_at: string | null;
  arrive_at_time: string | null;
  return_time: string | null;
  results_retrieved: number | null;
  status: 'pending' | 'planning' | 'done' | 'failed';
  error: string | null;
  /** Field errors (contracts PlaceErrors) when an end of the search could not be placed. */
  place_errors: ColumnType<Record<string, string[]> | null, string | null | undefined, string | null>;
  /** Why a placed search found no journey (contracts NoJourney), issue #27. */
  no_journey: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Why a search's options include no public transport (contracts NoJourney), when none does. */
  no_public_transport: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/**
 * A stored journey document: the planner's Journey as checked against the contract when it was
 * stored (planning/planSearchJob.ts), with its final id and `user_status: null`.
 */
export type StoredJourney = Journey;

export interface JourneysTable {
  id: string;
  hash: string;
  position: number;
  document: Json<StoredJourney>;
  view_count: Generated<number>;
  created_at: CreatedAt;
}

export interface SavedJourneysTable {
  user_id: string;
  journey_id: string;
  created_at: CreatedAt;
}

export interface QueryEventsTable {
  hash: string;
  seq: number;
  event: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CampaignsTable {
  id: string;
  brand: string | null;
  title: string;
  text: string;
  url: string | null;
  url_button_text: string | null;
  cover_url: string | null;
  appear_on: Json<string[]>;
  start_at: Timestamp;
  end_at: Timestamp;
  created_at: CreatedAt;
}

export interface CampaignImpressionsTable {
  id: string;
  campaign_id: string;
  action: 'view' | 'clickthrough';
  parent_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** Failed logins of one account (lower-cased e-mail) from one client address, or from all ('*'). */
export interface LoginThrottleTable {
  account: string;
  client: string;
  failures: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

/** Account mails sent to one (lower-cased) address in the hour from `window_start`. */
export interface MailQuotaTable {
  recipient: string;
  window_start: Timestamp;
  sent: number;
}

/** The last body the live poller fetched from one GTFS-realtime source (docs/adr/014). */
export interface LiveFeedsTable {
  source: string;
  feed_id: string;
  kind: 'trip-updates' | 'service-alerts' | 'vehicle-positions';
  max_age_sec: number;
  bytes: Uint8Array;
  fetched_at: Timestamp;
  etag: string | null;
  last_modified: string | null;
  /** From sequence live_feed_generation: names the live version built from this row. */
  generation: number;
}

/** A search whose realtime channel is open in some process, until `expires_at` unless refreshed. */
export interface LiveWatchesTable {
  hash: string;
  expires_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  account_codes: AccountCodesTable;
  search_queries: SearchQueriesTable;
  journeys: JourneysTable;
  saved_journeys: SavedJourneysTable;
  query_events: QueryEventsTable;
  jobs: JobsTable;
  campaigns: CampaignsTable;
  campaign_impressions: CampaignImpressionsTable;
  login_throttle: LoginThrottleTable;
  mail_quota: MailQuotaTable;
  live_feeds: LiveFeedsTable;
  live_watches: LiveWatchesTable;
}
