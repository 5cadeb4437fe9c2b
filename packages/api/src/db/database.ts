import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    unlock();
    throw error;
  }
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
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder (a `cairn worker`
 * or `cairn campaign` beside `cairn serve`) would corrupt it. A lock file next to the folder holds
 * the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = `${dir.replace(/[\\/]+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(
          `The embedded database ${dir} is in use by process ${owner}. Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
