import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { findSearch } from '../search/searchStore.ts';

const HEARTBEAT_MS = 15_000;

/**
 * `GET /v1/realtime/query.{hash}`: the query's events as Server-Sent Events (docs/adr/001).
 * Each event carries `id: <seq>`; a reconnecting EventSource sends `Last-Event-ID` and gets only
 * what it missed (`?last_event_id=` does the same for clients that cannot set headers). The
 * stream first replays the stored events, then pushes new ones as NOTIFY announces them.
 */
export function registerRealtimeRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  const open = new Set<() => void>();
  // preClose: before the server waits for connections to end, which open streams never would.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/realtime/:channel',
      tag: 'realtime',
      summary:
        'Server-Sent Events of channel query.{hash}: results.retrieved, journey.processed, search.failed',
      produces: 'text/event-stream',
    },
    async (request, reply) => {
      const { channel } = request.params as { channel: string };
      const hash = channel.startsWith('query.') ? channel.slice('query.'.length) : '';
      const query = await findSearch(ctx, hash);
      if (!query) throw notFound('This channel does not exist.');
      const lastIdText =
        request.headers['last-event-id'] ??
        (request.query as { last_event_id?: string }).last_event_id ??
        '0';
      let lastSeq = Number(lastIdText);
      if (!Number.isInteger(lastSeq) || lastSeq < 0)
        throw new HttpError(400, 'Last-Event-ID must be a whole number.');

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 2000\n\n');

      let closed = false;
      let draining: Promise<void> = Promise.resolve();
      let again = false;
      // Reads everything after the last sent event; a wake while reading runs one more read.
      const drain = () => {
        if (again) return;
        again = true;
        draining = draining.then(async () => {
          again = false;
          if (closed) return;
          try {
            for (const stored of await ctx.events.listAfter(hash, lastSeq)) {
              if (closed) return;
              raw.write(
                `id: ${stored.seq}\nevent: ${stored.event.event}\ndata: ${JSON.stringify(stored.event)}\n\n`,
              );
              lastSeq = stored.seq;
            }
          } catch (error) {
            request.log.warn({ err: error }, 'reading query events failed');
          }
        });
      };
      const unsubscribe = ctx.hub.subscribe(hash, drain);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        raw.end();
      };
      open.add(close);
      raw.on('close', close);
      drain();
    },
  );
}
