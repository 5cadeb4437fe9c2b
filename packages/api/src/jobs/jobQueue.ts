import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export const JOBS_CHANNEL = 'cairn_jobs';

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/**
 * A durable job queue in a PostgreSQL table, the same SQL on PGlite and PostgreSQL. A claim
 * holds the job for `visibilitySec`; a worker that dies without finishing lets the claim lapse,
 * and the next claim picks the job up again (at-least-once). `FOR UPDATE SKIP LOCKED` lets many
 * workers claim side by side without blocking on each other's rows.
 * Every time it writes or compares is the app's clock (`now`), never the database's `now()`:
 * a job is due by the clock that dated it, even when the two clocks disagree (a test clock moved
 * ahead, a database server whose clock drifts).
 */
export class JobQueue {
  readonly #database: Database;
  readonly #visibilitySec: number;
  readonly #now: () => Date;

  constructor(database: Database, visibilitySec: number, now: () => Date = () => new Date()) {
    this.#database = database;
    this.#visibilitySec = visibilitySec;
    this.#now = now;
  }

  /** Adds a job and wakes the workers. */
  async enqueue(kind: string, payload: Record<string, unknown>, maxAttempts = 3): Promise<string> {
    const row = await this.#database.db
      .insertInto('jobs')
      .values(this.newJob(kind, payload, maxAttempts))
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.#database.notify(JOBS_CHANNEL, kind);
    return String(row.id);
  }

  /**
   * The row of a job due now, for a caller that queues it in its own statement (then it also
   * sends `pg_notify(JOBS_CHANNEL, kind)` to wake the workers, as enqueue does).
   */
  newJob(kind: string, payload: Record<string, unknown>, maxAttempts = 3) {
    return {
      kind,
      payload: JSON.stringify(payload),
      status: 'queued' as const,
      max_attempts: maxAttempts,
      run_at: this.#now(),
      updated_at: this.#now(),
    };
  }

  /** Takes the oldest runnable job (queued and due, or running with a lapsed claim). */
  async claim(): Promise<Job | undefined> {
    const now = this.#now();
    const result = await sql<{
      id: string;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>`
      update jobs set status = 'running', attempts = attempts + 1, updated_at = ${now},
        locked_until = ${this.#lockedUntil(now)}
      where id = (
        select id from jobs
        where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now})
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`.execute(this.#database.db);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      id: String(row.id),
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  /** Extends the claim of a job still being worked on. */
  async extend(job: Job): Promise<void> {
    const now = this.#now();
    await sql`update jobs set locked_until = ${this.#lockedUntil(now)}, updated_at = ${now}
      where id = ${job.id} and status = 'running'`.execute(this.#database.db);
  }

  /** Until when a claim made at `now` holds its job. */
  #lockedUntil(now: Date): Date {
    return new Date(now.getTime() + this.#visibilitySec * 1000);
  }

  async complete(job: Job): Promise<void> {
    await this.#database.db
      .updateTable('jobs')
      .set({ status: 'done', locked_until: null, updated_at: this.#now() })
      .where('id', '=', job.id)
      .execute();
  }

  /** Records a failure: the job is retried after a back-off, or marked failed after its last attempt. */
  async fail(job: Job, error: string): Promise<'retry' | 'failed'> {
    const final = job.attempts >= job.maxAttempts;
    const backoffSec = Math.min(60, 2 ** job.attempts);
    await this.#database.db
      .updateTable('jobs')
      .set({
        status: final ? 'failed' : 'queued',
        last_error: error.slice(0, 2000),
        locked_until: null,
        run_at: new Date(this.#now().getTime() + backoffSec * 1000),
        updated_at: this.#now(),
      })
      .where('id', '=', job.id)
      .execute();
    return final ? 'failed' : 'retry';
  }

  /**
   * Makes every claimed job runnable again at once. Only for an embedded database, which one
   * process owns: at its start-up a running job can only be a claim of the process that was
   * killed, and waiting for the lease (JOB_VISIBILITY_SEC, 2 min) left a search "planning" that
   * long (issue 30, finding 13). Answers how many claims were released.
   */
  async releaseClaimsOfAnEarlierProcess(): Promise<number> {
    const result = await this.#database.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_until: null, run_at: this.#now(), updated_at: this.#now() })
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Removes finished jobs older than `olderThanSec`. */
  async prune(olderThanSec: number): Promise<number> {
    const result = await this.#database.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('updated_at', '<', new Date(this.#now().getTime() - olderThanSec * 1000))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
