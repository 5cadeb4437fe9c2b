import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { migrateToLatest } from './migrate.ts';
import type { DB } from './schema.ts';

export type Listener = (payload: string) => void;

/**
 * The storage of one process: a typed query builder plus PostgreSQL's LISTEN/NOTIFY, on either
 * an embedded PGlite or a PostgreSQL server. Everything above this file is the same for both.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /** Calls `listener` with the payload of every NOTIFY on `channel` (from any process). */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or 'memory://' for a throwaway in-memory database. */
  pgliteDir?: string;
  logger?: Logger | undefined;
  poolSize?: number;
}

/** Opens the database named by the options and migrates it to the latest schema. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.logger)
    : await openPGlite(options.pgliteDir ?? 'memory://');
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPGlite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: client }) });
  return {
    kind: 'pglite',
    db,
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, listener);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async notify(channel, payload) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, poolSize: number, logger: Logger | undefined): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL connection failed'));
  // A checked-out client whose server goes away emits 'error' with no pool listener attached:
  // unhandled, that kills the process. Its query fails on its own; the pool then drops it.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL connection lost')),
  );
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const notifications = new PostgresNotifications(url, logger);
  return {
    kind: 'postgres',
    db,
    listen: (channel, listener) => notifications.listen(channel, listener),
    async notify(channel, payload) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      await notifications.close();
      await db.destroy();
    },
  };
}

/**
 * One dedicated connection per process holds the LISTENs (a pooled connection would lose them).
 * If it drops, it reconnects and listens again; subscribers catch up from stored rows, so a
 * notification missed while reconnecting costs latency, not data.
 */
class PostgresNotifications {
  readonly #url: string;
  readonly #logger: Logger | undefined;
  readonly #listeners = new Map<string, Set<Listener>>();
  #client: Promise<pg.Client> | null = null;
  #closed = false;

  constructor(url: string, logger: Logger | undefined) {
    this.#url = url;
    this.#logger = logger;
  }

  async listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      const client = await this.#connect();
      await client.query(`listen ${quoteIdent(channel)}`);
    } else {
      await this.#connect();
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
    };
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    const connecting = (async () => {
      const client = new pg.Client({ connectionString: this.#url });
      client.on('notification', (message) => {
        for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload ?? '');
      });
      client.on('error', (error) => {
        this.#logger?.warn({ err: error }, 'LISTEN connection failed; reconnecting');
        this.#client = null;
        void client.end().catch(() => undefined);
        if (!this.#closed) setTimeout(() => void this.#reconnect(), 500).unref();
      });
      await client.connect();
      return client;
    })();
    this.#client = connecting;
    connecting.catch(() => {
      if (this.#client === connecting) this.#client = null;
    });
    return connecting;
  }

  async #reconnect(): Promise<void> {
    try {
      const client = await this.#connect();
      for (const channel of this.#listeners.keys()) await client.query(`listen ${quoteIdent(channel)}`);
      // Wake every subscriber so it re-reads what it may have missed.
      for (const set of this.#listeners.values()) for (const listener of set) listener('');
    } catch (error) {
      this.#logger?.warn({ err: error }, 'LISTEN reconnect failed; retrying');
      if (!this.#closed) setTimeout(() => void this.#reconnect(), 1000).unref();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    if (client) await (await client).end().catch(() => undefined);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
