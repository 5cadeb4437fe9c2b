import { QueryEvent } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';
import { clientBlockKey, clientKey } from '../http/clientKey.ts';
import { HttpError, notFound } from '../http/httpError.ts';
import { findSearch } from '../search/searchStore.ts';
import { journeysAhead, unwatchSearch, watchSearch, WATCH_TTL_SEC } from '../live/journeyWatches.ts';

const HEARTBEAT_MS = 15_000;
/** Event ids are PostgreSQL integers: a larger Last-Event-ID can name no event (and broke the query). */
const MAX_EVENT_ID = 2_147_483_647;
/** What a capped client is told to wait; a slot frees when one of its streams ends. */
const RETRY_AFTER_SEC = '5';

const RealtimeQuery = z.object({
  last_event_id: z
    .string()
    .optional()
    .describe('The id of the last event received, for clients that cannot send Last-Event-ID'),
});

/**
 * `GET /v1/realtime/query.{hash}`: the query's events as Server-Sent Events (docs/adr/001).
 * Each event carries `id: <seq>`; a reconnecting EventSource sends `Last-Event-ID` and gets only
 * what it missed (`?last_event_id=` does the same for clients that cannot set headers). The
 * stream first replays the stored events, then pushes new ones as NOTIFY announces them.
 */
export function registerEventRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  const {
    realtimeMaxStreams,
    realtimeMaxStreamsPerClient,
    realtimeMaxStreamsPerBlock,
    realtimeIdleTimeoutSec,
  } = ctx.config;
  const open = new Set<() => void>();
  // Open streams per client and per address block in this process (issues #15 and 30): one
  // client, or one network of many addresses, cannot hold them all.
  const perClient = new Counts();
  const perBlock = new Counts();
  // Open streams per search in this process: the last one to close ends the search's watch.
  const perSearch = new Counts();
  // preClose: before the server waits for connections to end, which open streams never would.
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/realtime/:channel',
      operationId: 'streamSearchEvents',
      tag: 'realtime',
      summary:
        'Server-Sent Events of channel query.{hash}: results.retrieved, journey.processed, search.failed, journey.updated',
      produces: 'text/event-stream',
      events: QueryEvent,
      noContent:
        'Every event of a finished search was received (Last-Event-ID) and live running cannot change its journeys (off, or all arrived): EventSource stops reconnecting',
      query: RealtimeQuery,
    },
    async (request, reply, { params: { channel } }) => {
      const hash = channel.startsWith('query.') ? channel.slice('query.'.length) : '';
      const query = await findSearch(ctx.database, hash);
      if (!query) throw notFound('This channel does not exist.');
      const lastIdSent =
        request.headers['last-event-id'] ??
        (request.query as { last_event_id?: unknown }).last_event_id ??
        '';
      // A repeated ?last_event_id= arrives as a list: no whole number either.
      const lastIdText = typeof lastIdSent === 'string' ? lastIdSent : 'repeated';
      if (lastIdText !== '' && !/^\d{1,10}$/.test(lastIdText))
        throw new HttpError(400, 'Last-Event-ID must be a whole number.');
      let lastSeq = Number(lastIdText);
      if (lastSeq > MAX_EVENT_ID) throw new HttpError(400, 'Last-Event-ID is beyond the last event.');
      // A stream from the start (no Last-Event-ID) can be neither beyond the end nor at it (ids start at 1).
      const end = lastSeq === 0 ? undefined : await ctx.events.findEnd(hash);
      if (end !== undefined && lastSeq > end)
        throw new HttpError(400, 'Last-Event-ID is beyond the last event of this channel.');
      // Everything was received and nothing more will come: 204 stops EventSource reconnecting.
      // With live running, journeys still ahead may yet change (journey.updated): the stream stays.
      const isOver = async (seq: number, last = end) =>
        last !== undefined && seq === last && !(ctx.live && (await journeysAhead(ctx, hash)));
      if (await isOver(lastSeq)) return reply.code(204).send();

      const client = clientKey(request);
      const block = clientBlockKey(request);
      if (open.size >= realtimeMaxStreams)
        throw new HttpError(503, 'Too many open event streams. Try again shortly.', undefined, {
          'retry-after': RETRY_AFTER_SEC,
        });
      if (
        perClient.get(client) >= realtimeMaxStreamsPerClient ||
        perBlock.get(block) >= realtimeMaxStreamsPerBlock
      )
        throw new HttpError(
          429,
          'Too many open event streams from this address or network. Close one first.',
          undefined,
          {
            'retry-after': RETRY_AFTER_SEC,
          },
        );

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

      // A stream with nothing to say is ended; EventSource reconnects with Last-Event-ID (and gets
      // 204 once the channel is complete), so a forgotten tab or a dead peer does not hold a slot.
      const idle = setTimeout(() => close(), realtimeIdleTimeoutSec * 1000);
      let closed = false;
      let draining: Promise<void> = Promise.resolve();
      let again = false;
      // The channel's end as the events this stream sent tell it: results.retrieved says how many
      // journeys follow, search.failed is the last; only a stream that did not send them asks the log.
      let announcedEnd: number | undefined;
      let failedAt: number | undefined;
      const endAfter = async (): Promise<number | undefined> => {
        if (failedAt !== undefined) return failedAt;
        if (announcedEnd === undefined) return ctx.events.findEnd(hash);
        return lastSeq >= announcedEnd ? lastSeq : undefined;
      };
      // Reads everything after the last sent event; a wake while reading runs one more read.
      const drain = () => {
        if (again) return;
        again = true;
        draining = draining.then(async () => {
          again = false;
          if (closed) return;
          try {
            const stored = await ctx.events.listAfter(hash, lastSeq);
            for (const { seq, event } of stored) {
              if (closed) return;
              raw.write(`id: ${seq}\nevent: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`);
              lastSeq = seq;
              if (event.event === 'results.retrieved') announcedEnd = event.data.journey_count + 1;
              if (event.event === 'search.failed') failedAt = seq;
              idle.refresh();
            }
            // A finished channel frees its slot at once (issue 30, finding 6): EventSource then
            // reconnects with the last id and gets 204, unless live running may still update it.
            if (stored.length > 0 && (await isOver(lastSeq, await endAfter()))) close();
          } catch (error) {
            request.log.warn({ err: error }, 'reading query events failed');
          }
        });
      };
      const unsubscribe = ctx.hub.subscribe(hash, drain);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      // While the stream is open, the live poller (in whichever process leads) checks this search's journeys.
      // The last write of the watch, so that ending it on close comes after it.
      let watched: Promise<void> = Promise.resolve();
      const watch = () => {
        watched = watchSearch(ctx, hash).catch((error: unknown) =>
          request.log.warn({ err: error }, 'recording a live watch failed'),
        );
      };
      const watching = ctx.live ? setInterval(watch, (WATCH_TTL_SEC * 1000) / 3) : undefined;
      if (ctx.live) watch();
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(watching);
        clearTimeout(idle);
        unsubscribe();
        open.delete(close);
        perClient.remove(client);
        perBlock.remove(block);
        perSearch.remove(hash);
        if (ctx.live && perSearch.get(hash) === 0)
          void watched
            .then(() => (perSearch.get(hash) === 0 ? unwatchSearch(ctx, hash) : undefined))
            .catch((error: unknown) => request.log.warn({ err: error }, 'ending a live watch failed'));
        raw.end();
      };
      open.add(close);
      perClient.add(client);
      perBlock.add(block);
      perSearch.add(hash);
      raw.on('close', close);
      drain();
    },
  );
}

/** Open streams per key; a key with none is forgotten. */
class Counts {
  readonly #counts = new Map<string, number>();

  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(key, this.get(key) + 1);
  }

  remove(key: string): void {
    const left = this.get(key) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }
}
