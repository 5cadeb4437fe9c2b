import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';

const SourceIngest = z.object({
  source: z
    .string()
    .describe("The source's scheme and host only: its user, password, path and query may hold keys"),
  feed_id: z
    .string()
    .optional()
    .describe('The static feed the source belongs to (region.json, LIVE_FEEDS_JSON)'),
  kind: z.enum(['trip-updates', 'service-alerts', 'vehicle-positions']),
  outcome: z
    .enum(['applied', 'stale', 'undecodable'])
    .describe('What the last stored body did to the version'),
  feed_timestamp: z.string().nullable().describe("The feed header's time, ISO 8601; null when it had none"),
  age_sec: z.number().int().describe('Seconds since the body was fetched'),
  error: z.string().optional(),
  trips_matched: z
    .number()
    .int()
    .optional()
    .describe('TripUpdates: updates matched to a timetabled or added trip'),
  trips_unmatched: z.number().int().optional().describe('TripUpdates: updates matched to no trip'),
  alerts: z.number().int().optional().describe('ServiceAlerts: alerts in the feed'),
});

const SourcePoll = z.object({
  source: z.string().describe("The source's scheme and host only"),
  feed_id: z.string().optional().describe('The static feed the source belongs to'),
  outcome: z.enum(['fetched', 'unchanged', 'failed']).describe("'unchanged': 304 Not Modified"),
  age_sec: z.number().int().describe('Seconds since this fetch'),
  next_in_sec: z.number().describe('Seconds until the next fetch (longer after failures)'),
  status: z.number().int().optional().describe('HTTP status of a failed fetch'),
  error: z.string().optional(),
});

const LiveStatus = z.object({
  data: z.object({
    enabled: z.boolean().describe('Whether live running is on (LIVE_FEEDS)'),
    polling: z.boolean().describe('Whether this process is the one polling the sources'),
    version: z.string().nullable().describe('Id of the live version searches now route on'),
    sources: z
      .array(SourceIngest)
      .describe('The last stored body of each source, as every process applies it'),
    polls: z
      .array(SourcePoll)
      .describe("This process's last fetch of each source (only the polling process)"),
  }),
});

/** `GET /v1/live/status`: for operators, the live version in use and how each source fares. */
export function registerLiveStatusRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/live/status',
      operationId: 'getLiveStatus',
      tag: 'system',
      summary: 'Live running: the version in use and the last outcome of each GTFS-realtime source',
      response: LiveStatus,
    },
    async () => {
      const live = ctx.live;
      const nowSec = Math.floor(ctx.now().getTime() / 1000);
      if (!live) return { data: { enabled: false, polling: false, version: null, sources: [], polls: [] } };
      const version = live.current();
      // Sources on one host are told apart by their feed, since their paths are not shown.
      const feedIds = new Map(
        (await ctx.database.db.selectFrom('live_feeds').select(['source', 'feed_id']).execute()).map(
          (row) => [row.source, row.feed_id],
        ),
      );
      const feedOf = (source: string) => {
        const feedId = feedIds.get(source);
        return feedId === undefined ? {} : { feed_id: feedId };
      };
      return {
        data: {
          enabled: true,
          polling: live.leading,
          version: version.id,
          sources: version.reports.map((r) => ({
            source: schemeAndHost(r.source),
            ...feedOf(r.source),
            kind: r.kind,
            outcome: r.outcome,
            feed_timestamp: r.feedTimestampSec > 0 ? new Date(r.feedTimestampSec * 1000).toISOString() : null,
            age_sec: nowSec - r.atSec,
            ...(r.error ? { error: withoutAddresses(r.error) } : {}),
            ...(r.tripUpdates
              ? {
                  trips_matched: r.tripUpdates.matched,
                  trips_unmatched: Object.values(r.tripUpdates.unmatched).reduce((a, b) => a + b, 0),
                }
              : {}),
            ...(r.alerts !== undefined ? { alerts: r.alerts } : {}),
          })),
          polls: live.pollReports().map((p) => ({
            source: schemeAndHost(p.source),
            ...feedOf(p.source),
            outcome: p.outcome,
            age_sec: nowSec - p.atSec,
            next_in_sec: p.nextInSec,
            ...(p.status ? { status: p.status } : {}),
            ...(p.error ? { error: withoutAddresses(p.error) } : {}),
          })),
        },
      };
    },
  );
}

/**
 * Operators put feed credentials in URLs: `user:password@`, keys in the path or the query. The
 * status page shows a source's scheme and host only (issue 30, finding 8).
 */
function schemeAndHost(source: string): string {
  try {
    const url = new URL(source);
    // A name without a host (the demo's `simulator:/gtfs-rt/…`) is no address and holds no key.
    return url.host === '' ? source : `${url.protocol}//${url.host}`;
  } catch {
    return 'an address that is not a URL';
  }
}

/** Error text quoting a feed's full URL (fetch does, for a URL with credentials) keeps its scheme and host. */
function withoutAddresses(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => schemeAndHost(url));
}
