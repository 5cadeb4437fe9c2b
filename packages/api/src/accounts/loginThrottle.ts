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

/** An attempt reserved before its password is checked, or the lock that refused it. */
export type Reservation =
  | { allowed: true; /** this attempt, if it fails, locked the whole account */ locksAccount: boolean }
  | { allowed: false; lockedUntil: Date };

/**
 * Reserves one attempt for the client and for the account before the (slow) password check:
 * each counter is bumped in one atomic statement that refuses while a lock runs, so of many
 * concurrent guesses only LOGIN_LOCK_AFTER are ever checked (issue 30, finding 10; before, the
 * lock was read first and the failure written after the check, so 19 parallel guesses all ran).
 * The reservation counts as a failure until `clearFailures` cancels it after a right password.
 */
export async function reserveAttempt(ctx: AppContext, account: string, client: string): Promise<Reservation> {
  const { loginLockAfter, loginGlobalLockAfter } = ctx.config;
  const globalLock = await findGlobalLock(ctx, account);
  if (globalLock) return { allowed: false, lockedUntil: globalLock };
  const own = await bump(ctx, account, client, loginLockAfter);
  if (!own) return { allowed: false, lockedUntil: (await findLock(ctx, account, client)) ?? ctx.now() };
  const all = await bump(ctx, account, ALL_CLIENTS, loginGlobalLockAfter);
  if (!all) return { allowed: false, lockedUntil: (await findLock(ctx, account, client)) ?? ctx.now() };
  return { allowed: true, locksAccount: all.failures >= loginGlobalLockAfter };
}

/** When the account is locked for this client (by its own failures or the account's), until when. */
async function findLock(ctx: AppContext, account: string, client: string): Promise<Date | undefined> {
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

/** Whether the whole account is locked, so a locked-out guesser bumps no counter of its own. */
async function findGlobalLock(ctx: AppContext, account: string): Promise<Date | undefined> {
  const row = await ctx.database.db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('account', '=', account)
    .where('client', '=', ALL_CLIENTS)
    .where('locked_until', '>', ctx.now())
    .executeTakeFirst();
  return row?.locked_until ?? undefined;
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

/**
 * One failure more, unless a lock runs (then nothing changes and the answer is undefined): from
 * `after` failures in a row the lock is 15 min, doubling per further failure (max 24 h).
 */
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
      oc
        .columns(['account', 'client'])
        .doUpdateSet({
          failures: sql`login_throttle.failures + 1`,
          locked_until: lockSql(sql`(login_throttle.failures + 1)`),
          updated_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('login_throttle.locked_until', 'is', null),
            eb('login_throttle.locked_until', '<=', now),
          ]),
        ),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirst();
}
