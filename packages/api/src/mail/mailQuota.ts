import { sql } from 'kysely';
import type { AppContext } from '../context.ts';

const WINDOW_MS = 3600_000;

/**
 * Takes one account mail from the address's hourly quota (MAIL_PER_RECIPIENT_PER_HOUR); false once
 * it is spent. One atomic upsert per mail, so workers racing on the same address all count.
 * Strangers could otherwise flood a traveller's inbox with reset mails, each voiding the last
 * link (issue 30, finding 4): past the quota no code is made, so the newest link keeps working.
 */
export async function takeMailQuota(ctx: AppContext, recipient: string): Promise<boolean> {
  const now = ctx.now();
  const windowOver = sql<boolean>`mail_quota.window_start <= ${new Date(now.getTime() - WINDOW_MS)}`;
  const row = await ctx.database.db
    .insertInto('mail_quota')
    .values({ recipient: recipient.toLowerCase(), window_start: now, sent: 1 })
    .onConflict((oc) =>
      oc.column('recipient').doUpdateSet({
        sent: sql`case when ${windowOver} then 1 else mail_quota.sent + 1 end`,
        window_start: sql`case when ${windowOver} then ${now}::timestamptz else mail_quota.window_start end`,
      }),
    )
    .returning('sent')
    .executeTakeFirstOrThrow();
  return row.sent <= ctx.config.mailPerRecipientPerHour;
}

/** Forgets quotas whose hour is over. */
export async function pruneMailQuota(ctx: AppContext): Promise<number> {
  const result = await ctx.database.db
    .deleteFrom('mail_quota')
    .where('window_start', '<', new Date(ctx.now().getTime() - WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
