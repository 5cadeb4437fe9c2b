import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { RouteTable } from '../http/routeTable.ts';

const SourceIngest = z.object({
  source: z.string().describe('The source, without a query string (which may hold a key)'),
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
  source: z.string(),
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
export function registerLiveStatusRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
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
      return {
        data: {
          enabled: true,
          polling: live.leading,
          version: version.id,
          sources: version.reports.map((r) => ({
            source: withoutQuery(r.source),
            kind: r.kind,
            outcome: r.outcome,
            feed_timestamp: r.feedTimestampSec > 0 ? new Date(r.feedTimestampSec * 1000).toISOString() : null,
            age_sec: nowSec - r.atSec,
            ...(r.error ? { error: r.error } : {}),
            ...(r.tripUpdates
              ? {
                  trips_matched: r.tripUpdates.matched,
                  trips_unmatched: Object.values(r.tripUpdates.unmatched).reduce((a, b) => a + b, 0),
                }
              : {}),
            ...(r.alerts !== undefined ? { alerts: r.alerts } : {}),
          })),
          polls: live.pollReports().map((p) => ({
            source: withoutQuery(p.source),
            outcome: p.outcome,
            age_sec: nowSec - p.atSec,
            next_in_sec: p.nextInSec,
            ...(p.status ? { status: p.status } : {}),
            ...(p.error ? { error: p.error } : {}),
          })),
        },
      };
    },
  );
}

/** Operators put API keys in feed URLs' query strings: the status page shows none. */
function withoutQuery(source: string): string {
  const q = source.indexOf('?');
  return q < 0 ? source : source.slice(0, q);
}
