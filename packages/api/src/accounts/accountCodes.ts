import type { AppContext } from '../context.ts';
import { digest, newSecret } from './secrets.ts';

export type CodePurpose = 'activation' | 'password_reset';

const LIFETIME_SEC: Record<CodePurpose, number> = { activation: 48 * 3600, password_reset: 3600 };

/** Creates a single-use code for the user; only its digest is stored. */
export async function createCode(ctx: AppContext, userId: string, purpose: CodePurpose): Promise<string> {
  const code = newSecret();
  await ctx.database.db
    .insertInto('account_codes')
    .values({
      code_hash: digest(code),
      user_id: userId,
      purpose,
      expires_at: new Date(ctx.now().getTime() + LIFETIME_SEC[purpose] * 1000),
    })
    .execute();
  return code;
}

/**
 * Marks the code used and returns its user, or undefined when it is unknown, expired or used.
 * The conditional update makes two simultaneous uses impossible: only one sees a row.
 */
export async function consumeCode(
  ctx: AppContext,
  code: string,
  purpose: CodePurpose,
): Promise<string | undefined> {
  const row = await ctx.database.db
    .updateTable('account_codes')
    .set({ used_at: ctx.now() })
    .where('code_hash', '=', digest(code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
