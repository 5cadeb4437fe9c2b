import type { AppContext } from '../context.ts';

/** A watch lasts this long unless the open stream refreshes it (the stream refreshes at a third of it). */
export const WATCH_TTL_SEC = 90;

/**
 * Marks a search as watched (a realtime stream is open on its channel in some process) until
 * `WATCH_TTL_SEC` from now: the live poller checks the journeys of watched searches only.
 */
export async function watchSearch(ctx: AppContext, hash: string): Promise<void> {
  const expiresAt = new Date(ctx.now().getTime() + WATCH_TTL_SEC * 1000);
  await ctx.database.db
    .insertInto('live_watches')
    .values({ hash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('hash').doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

/**
 * Ends a search's watch when the last stream on it in this process closes: only open streams are
 * watched, so opening and closing streams cannot pile up watches (issue 30, finding 7). A stream
 * on it in another process watches it again within a third of WATCH_TTL_SEC.
 */
export async function unwatchSearch(ctx: AppContext, hash: string): Promise<void> {
  await ctx.database.db
    .updateTable('live_watches')
    .set({ expires_at: ctx.now() })
    .where('hash', '=', hash)
    .execute();
}

/** Planned searches with an unexpired watch, the most recently refreshed first. */
export async function watchedSearches(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  const rows = await ctx.database.db
    .selectFrom('live_watches')
    .innerJoin('search_queries', 'search_queries.hash', 'live_watches.hash')
    .select('live_watches.hash')
    .where('live_watches.expires_at', '>', now)
    .where('search_queries.status', '=', 'done')
    .orderBy('live_watches.expires_at', 'desc')
    .execute();
  return rows.map((r) => r.hash);
}

/** Deletes expired watches. */
export async function pruneWatches(ctx: AppContext): Promise<void> {
  await ctx.database.db.deleteFrom('live_watches').where('expires_at', '<=', ctx.now()).execute();
}

/** Whether any journey of the search still arrives after now: only then can live running change it. */
export async function journeysAhead(ctx: AppContext, hash: string): Promise<boolean> {
  const rows = await ctx.database.db
    .selectFrom('journeys')
    .select('document')
    .where('hash', '=', hash)
    .execute();
  const now = ctx.now().getTime();
  return rows.some((r) => Date.parse((r.document.return ?? r.document.depart).arrival_datetime) > now);
}
