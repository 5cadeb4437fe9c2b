import type { QueryEvent } from '@cairn/contracts';
import type { Database } from '../db/database.ts';

export const EVENTS_CHANNEL = 'cairn_events';

export interface StoredEvent {
  /** Position of the event in its query's stream, from 1; the SSE event id. */
  seq: number;
  event: QueryEvent;
}

/** The query_events rows of a search's events (EventLog.append; searchStore's recordResults). */
export function eventRows(hash: string, events: readonly StoredEvent[]) {
  return events.map((e) => ({ hash, seq: e.seq, event: JSON.stringify(e.event) }));
}

/**
 * The events of each search, stored so a late or reconnecting subscriber can replay them, and
 * announced with NOTIFY (payload: the query hash) so every API process can push them at once.
 * Events have fixed positions (`results.retrieved` is 1, the n-th journey is n + 1), so a retried
 * job writes the same rows again and nothing is duplicated.
 */
export class EventLog {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  async append(hash: string, events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.#database.db
      .insertInto('query_events')
      .values(eventRows(hash, events))
      .onConflict((oc) => oc.columns(['hash', 'seq']).doNothing())
      .execute();
    await this.#database.notify(EVENTS_CHANNEL, hash);
  }

  /**
   * The id of a complete channel's last event (search.failed, or the last journey announced by
   * results.retrieved); undefined while more may come.
   */
  async findEnd(hash: string): Promise<number | undefined> {
    const { db } = this.#database;
    const rows = await db
      .selectFrom('query_events')
      .select(['seq', 'event'])
      .where('hash', '=', hash)
      .where((eb) =>
        eb.or([
          eb('seq', '=', 1),
          eb(
            'seq',
            '=',
            eb
              .selectFrom('query_events')
              .select(({ fn }) => fn.max('seq').as('max'))
              .where('hash', '=', hash),
          ),
        ]),
      )
      .orderBy('seq')
      .execute();
    const first = rows[0]?.event as unknown as QueryEvent | undefined;
    const last = rows.at(-1);
    if (!last) return undefined;
    if ((last.event as unknown as QueryEvent).event === 'search.failed') return last.seq;
    if (first?.event === 'results.retrieved' && last.seq >= first.data.journey_count + 1) return last.seq;
    return undefined;
  }

  /** The id of a channel's last event; 0 when it has none. */
  async lastSeq(hash: string): Promise<number> {
    const last = await this.#database.db
      .selectFrom('query_events')
      .select(({ fn }) => fn.max('seq').as('seq'))
      .where('hash', '=', hash)
      .executeTakeFirst();
    return last?.seq ?? 0;
  }

  async listAfter(hash: string, afterSeq: number): Promise<StoredEvent[]> {
    const rows = await this.#database.db
      .selectFrom('query_events')
      .select(['seq', 'event'])
      .where('hash', '=', hash)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ seq: r.seq, event: r.event as unknown as QueryEvent }));
  }
}

/** One LISTEN per process, fanned out in memory to the subscribers of each query. */
export class EventHub {
  readonly #database: Database;
  readonly #subscribers = new Map<string, Set<() => void>>();
  #unlisten: (() => Promise<void>) | null = null;

  constructor(database: Database) {
    this.#database = database;
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#database.listen(EVENTS_CHANNEL, (hash) => {
      // An empty payload means "the connection was re-established": wake everyone to catch up.
      const targets = hash ? [this.#subscribers.get(hash)] : [...this.#subscribers.values()];
      for (const set of targets) for (const wake of set ?? []) wake();
    });
  }

  /** Calls `wake` whenever new events of `hash` may exist; returns the unsubscribe function. */
  subscribe(hash: string, wake: () => void): () => void {
    let set = this.#subscribers.get(hash);
    if (!set) this.#subscribers.set(hash, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.#subscribers.delete(hash);
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  async stop(): Promise<void> {
    await this.#unlisten?.();
    this.#unlisten = null;
  }
}
