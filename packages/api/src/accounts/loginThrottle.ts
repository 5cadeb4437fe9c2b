import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

// Failed logins are counted twice: per (account, client address), which locks a guesser out
// quickly (LOGIN_LOCK_AFTER) without locking out the owner, who logs in from elsewhere; and per
// account over all addresses ('*'), which locks the account only after many more failures
// (LOGIN_GLOBAL_LOCK_AFTER) and mails its owner an unlock link. Accounts are lower-cased e-mail
// addresses, registered or not, so a lock reveals nothing about who has an account.

const ALL_CLIENTS = '*';
const LOCK_BASE_SEC = 15 * 60;
const LOCK_MAX_SEC = 24 * 3600;

/** When the account is locked for this client (by its own failures or the account's), until when. */
export async function findLock(ctx: AppContext, account: string, client: string): Promise<Date | undefined> {
  const rows = await ctx.database.db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('account', '=', account)
    .where('client', 'in', [client, ALL_CLIENTS])
    .where('locked_until', '>', ctx.now())
    .execute();
  const until = rows.map((r) => r.locked_until!.getTime());
  return until.length > 0 ? new Date(Math.max(...until)) : undefined;
}

/**
 * Counts one failure for the client and for the account, each in one atomic statement, so
 * concurrent attempts all count. Answers whether this failure locked the whole account.
 */
export async function recordFailure(
  ctx: AppContext,
  account: string,
  client: string,
): Promise<{ accountLocked: boolean }> {
  const { loginLockAfter, loginGlobalLockAfter } = ctx.config;
  await bump(ctx, account, client, loginLockAfter);
  const all = await bump(ctx, account, ALL_CLIENTS, loginGlobalLockAfter);
  return { accountLocked: all.failures >= loginGlobalLockAfter };
}

/** A successful login from this client clears its failures and the account's. */
export async function clearFailures(ctx: AppContext, account: string, client: string): Promise<void> {
  await ctx.database.db
    .deleteFrom('login_throttle')
    .where('account', '=', account)
    .where('client', 'in', [client, ALL_CLIENTS])
    .execute();
}

/** The owner's unlock link or a password reset lifts every lock of the account. */
export async function clearAllFailures(ctx: AppContext, account: string): Promise<void> {
  await ctx.database.db.deleteFrom('login_throttle').where('account', '=', account).execute();
}

/** Forgets failure counts a day after their last attempt once no lock is running. */
export async function pruneLoginFailures(ctx: AppContext): Promise<number> {
  const result = await ctx.database.db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', new Date(ctx.now().getTime() - 86_400_000))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', ctx.now())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One failure more: from `after` failures in a row the lock is 15 min, doubling per further failure (max 24 h). */
async function bump(ctx: AppContext, account: string, client: string, after: number) {
  const now = ctx.now();
  const lockSql = (failures: ReturnType<typeof sql>) =>
    sql<Date | null>`case when ${failures} >= ${after}
      then ${now}::timestamptz + make_interval(secs => least(${LOCK_MAX_SEC}::float8,
        ${LOCK_BASE_SEC}::float8 * power(2::float8, least(${failures} - ${after}, 30))))
      else null end`;
  return ctx.database.db
    .insertInto('login_throttle')
    .values({
      account,
      client,
      failures: 1,
      locked_until: lockSql(sql`1`),
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['account', 'client']).doUpdateSet({
        failures: sql`login_throttle.failures + 1`,
        locked_until: lockSql(sql`(login_throttle.failures + 1)`),
        updated_at: now,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
}
