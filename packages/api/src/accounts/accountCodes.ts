import type { Kysely } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/schema.ts';
import { digest, newSecret } from './secrets.ts';

export type CodePurpose = 'activation' | 'password_reset' | 'unlock' | 'email_change';

const LIFETIME_SEC: Record<CodePurpose, number> = {
  activation: 48 * 3600,
  password_reset: 3600,
  unlock: 24 * 3600,
  email_change: 3600,
};

/**
 * Creates a single-use code for the user; only its digest is stored. A new code voids the user's
 * earlier unused codes of the same purpose, so only the latest link works.
 */
export async function createCode(
  ctx: AppContext,
  userId: string,
  purpose: CodePurpose,
  newEmail: string | null = null,
): Promise<string> {
  const code = newSecret();
  const now = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('account_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('account_codes')
      .values({
        code_hash: digest(code),
        user_id: userId,
        purpose,
        new_email: newEmail,
        expires_at: new Date(now.getTime() + LIFETIME_SEC[purpose] * 1000),
      })
      .execute();
  });
  return code;
}

/** The user a usable code belongs to, without using it (to check a new password first). */
export async function findCodeUser(
  ctx: AppContext,
  code: string,
  purpose: CodePurpose,
): Promise<{ id: string; email: string } | undefined> {
  return ctx.database.db
    .selectFrom('account_codes')
    .innerJoin('users', 'users.id', 'account_codes.user_id')
    .select(['users.id', 'users.email'])
    .where('account_codes.code_hash', '=', digest(code))
    .where('account_codes.purpose', '=', purpose)
    .where('account_codes.used_at', 'is', null)
    .where('account_codes.expires_at', '>', ctx.now())
    .executeTakeFirst();
}

/**
 * Marks the code used and returns its user (and the new address of an e-mail change), or undefined
 * when it is unknown, expired or used. The conditional update makes two simultaneous uses
 * impossible: only one sees a row.
 */
export async function consumeCode(
  ctx: AppContext,
  code: string,
  purpose: CodePurpose,
): Promise<{ userId: string; newEmail: string | null } | undefined> {
  const row = await ctx.database.db
    .updateTable('account_codes')
    .set({ used_at: ctx.now() })
    .where('code_hash', '=', digest(code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : undefined;
}

/**
 * After a password reset or an e-mail change: every outstanding code of the user is void and every
 * session but `keepTokenHash` (if any) is revoked.
 */
export async function voidCodesAndSessions(
  db: Kysely<DB>,
  userId: string,
  now: Date,
  keepTokenHash?: string,
): Promise<void> {
  await db
    .updateTable('account_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  let revoke = db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenHash) revoke = revoke.where('token_hash', '!=', keepTokenHash);
  await revoke.execute();
}
