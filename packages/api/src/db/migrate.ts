import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as initial from './migrations/001_initial.ts';
import * as loginFailures from './migrations/002_login_failures.ts';
import * as searchPlaceErrors from './migrations/003_search_place_errors.ts';
import * as accountSecurity from './migrations/004_account_security.ts';
import * as liveFeeds from './migrations/005_live_feeds.ts';
import * as mailQuota from './migrations/006_mail_quota.ts';
import * as oneClickthroughPerView from './migrations/007_one_clickthrough_per_view.ts';
import * as searchNoJourney from './migrations/008_search_no_journey.ts';
import * as searchNoPublicTransport from './migrations/009_search_no_public_transport.ts';

/** Every migration, in order; the names are what `kysely_migration` records. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_login_failures': loginFailures,
  '003_search_place_errors': searchPlaceErrors,
  '004_account_security': accountSecurity,
  '005_live_feeds': liveFeeds,
  '006_mail_quota': mailQuota,
  '007_one_clickthrough_per_view': oneClickthroughPerView,
  '008_search_no_journey': searchNoJourney,
  '009_search_no_public_transport': searchNoPublicTransport,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Brings the schema up to date; safe to run from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
