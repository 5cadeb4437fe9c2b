import pg from 'pg';
import type { Logger } from 'pino';

/** Key of the session-level advisory lock whose holder polls the live feeds (docs/adr/014). */
const LIVE_LEADER_KEY = 7_140_018;

/** Which process polls: `onChange(true)` when this one starts leading, `onChange(false)` when it stops. */
export interface Leadership {
  readonly leading: boolean;
  start(onChange: (leading: boolean) => void): void;
  stop(): Promise<void>;
}

/** PGlite is one process: it always leads. */
export function soleLeader(): Leadership {
  let leading = false;
  return {
    get leading() {
      return leading;
    },
    start(onChange) {
      leading = true;
      onChange(true);
    },
    async stop() {
      leading = false;
    },
  };
}

/**
 * On PostgreSQL the leader is the process holding a session-level advisory lock on its own
 * connection: the lock goes with the session, so when the leader dies (or its connection does)
 * PostgreSQL frees it and the next process to try takes over. Every process tries every `retrySec`;
 * the leader checks its connection as often, and stops leading the moment it fails.
 */
export function advisoryLockLeader(url: string, retrySec: number, logger: Logger): Leadership {
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let notify: (leading: boolean) => void = () => undefined;

  const lose = (why: unknown) => {
    const c = client;
    client = undefined;
    void c?.end().catch(() => undefined);
    if (leading) {
      leading = false;
      logger.warn({ err: why }, 'lost the live feeds lock; another process will poll');
      notify(false);
    }
  };

  const attempt = async () => {
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: url });
        c.on('error', (error) => lose(error));
        await c.connect();
        if (stopped) {
          await c.end();
          return;
        }
        client = c;
      }
      if (leading) {
        await client.query('select 1');
      } else {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [LIVE_LEADER_KEY],
        );
        if (rows[0]?.locked && !stopped) {
          leading = true;
          notify(true);
        }
      }
    } catch (error) {
      lose(error);
    }
    if (!stopped) timer = setTimeout(() => void attempt(), retrySec * 1000);
  };

  return {
    get leading() {
      return leading;
    },
    start(onChange) {
      notify = onChange;
      void attempt();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      leading = false;
      const c = client;
      client = undefined;
      // Ending the session frees the lock at once.
      await c?.end().catch(() => undefined);
    },
  };
}
