// Feature under test: the durable job queue — claims are exclusive, a dead worker's job comes back, failures back off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { JobQueue } from '../../src/jobs/jobQueue.ts';
import { Worker } from '../../src/jobs/worker.ts';
import { testDatabaseEnv, waitFor } from '../helpers/testServer.ts';

let database: Database;
beforeAll(async () => {
  const env = await testDatabaseEnv();
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
});

async function clear() {
  await database.db.deleteFrom('jobs').execute();
}

describe('JobQueue', () => {
  it('hands each job to one claimer, oldest first', async () => {
    await clear();
    const queue = new JobQueue(database, 60);
    const first = await queue.enqueue('demo', { n: 1 });
    const second = await queue.enqueue('demo', { n: 2 });
    const claims = await Promise.all([queue.claim(), queue.claim(), queue.claim()]);
    const claimed = claims.filter((c) => c !== undefined);
    expect(claimed.map((c) => c.id).sort()).toEqual([first, second].sort());
    expect(claimed.find((c) => c.id === first)!.payload).toEqual({ n: 1 });
    expect(claimed.every((c) => c.attempts === 1)).toBe(true);
  });

  it('gives a job back once the claim of a worker that died lapses (visibility timeout)', async () => {
    await clear();
    const queue = new JobQueue(database, 1);
    const id = await queue.enqueue('demo', {});
    const dead = await queue.claim();
    expect(dead?.id).toBe(id);
    expect(await queue.claim()).toBeUndefined();
    const retried = await waitFor(async () => queue.claim(), 5_000, 'the lapsed claim');
    expect(retried.id).toBe(id);
    expect(retried.attempts).toBe(2);
  });

  it('keeps a claim alive while the job is extended', async () => {
    await clear();
    const queue = new JobQueue(database, 1);
    const id = await queue.enqueue('demo', {});
    const job = (await queue.claim())!;
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 500));
      await queue.extend(job);
      expect(await queue.claim()).toBeUndefined();
    }
    await queue.complete(job);
    const row = await database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
  });

  it('retries a failed job after a back-off, then marks it failed after its last attempt', async () => {
    await clear();
    const queue = new JobQueue(database, 60);
    const id = await queue.enqueue('demo', {}, 2);
    const first = (await queue.claim())!;
    expect(await queue.fail(first, 'boom')).toBe('retry');
    expect(await queue.claim()).toBeUndefined(); // backing off (2 s)
    const second = await waitFor(async () => queue.claim(), 5_000, 'the retry');
    expect(await queue.fail(second, 'boom again')).toBe('failed');
    const row = await database.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom again' });
  });

  it('prunes finished jobs older than the given age, keeping queued and recent ones', async () => {
    await clear();
    const queue = new JobQueue(database, 60);
    const old = await queue.enqueue('demo', {});
    const recent = await queue.enqueue('demo', {});
    const waiting = await queue.enqueue('demo', {});
    await database.db
      .updateTable('jobs')
      .set({ status: 'done', updated_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', old)
      .execute();
    await database.db
      .updateTable('jobs')
      .set({ status: 'failed', updated_at: new Date() })
      .where('id', '=', recent)
      .execute();
    expect(await queue.prune(7 * 86_400)).toBe(1);
    const left = (await database.db.selectFrom('jobs').select('id').execute())
      .map((r) => String(r.id))
      .sort();
    expect(left).toEqual([recent, waiting].sort());
  });
});

describe('Worker', () => {
  it('runs queued jobs, woken by NOTIFY, and gives up on a job abandoned too often', async () => {
    await clear();
    const queue = new JobQueue(database, 1);
    const ran: unknown[] = [];
    const gaveUp: string[] = [];
    const worker = new Worker({
      database,
      queue,
      logger: pino({ level: 'silent' }),
      pollMs: 60_000, // only NOTIFY can wake it in time
      visibilitySec: 1,
      handlers: {
        demo: {
          run: async (job) => void ran.push(job.payload),
          giveUp: async (job) => void gaveUp.push(job.id),
        },
      },
    });
    await worker.start();
    try {
      await queue.enqueue('demo', { hello: 'world' });
      await waitFor(async () => ran.length === 1, 5_000, 'the job to run');
      expect(ran).toEqual([{ hello: 'world' }]);

      // A job whose claims lapsed more times than it may be attempted is failed, not run.
      const { id } = await database.db
        .insertInto('jobs')
        .values({
          kind: 'demo',
          payload: JSON.stringify({ abandoned: true }),
          status: 'running',
          attempts: 1,
          max_attempts: 1,
          run_at: new Date(),
          locked_until: new Date(Date.now() - 1000),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const abandoned = String(id);
      await queue.enqueue('demo', { wake: true });
      await waitFor(async () => gaveUp.length === 1, 5_000, 'giving up');
      expect(gaveUp).toEqual([abandoned]);
      expect(ran).not.toContainEqual({ abandoned: true });
    } finally {
      await worker.stop();
    }
  });
});

describe('JobQueue on the app clock (issue 31: the suite with the clock moved ahead)', () => {
  it('runs a job dated by a clock a year ahead of the database server’s, and backs it off on that clock', async () => {
    await clear();
    let nowMs = Date.now() + 366 * 86_400_000;
    const queue = new JobQueue(database, 60, () => new Date(nowMs));
    const id = await queue.enqueue('demo', {});
    const job = await queue.claim();
    expect(job?.id).toBe(id);
    // Held for 60 s of the app's clock, then claimable again.
    expect(await queue.claim()).toBeUndefined();
    nowMs += 61_000;
    const again = await queue.claim();
    expect(again?.id).toBe(id);
    expect(await queue.fail(again!, 'boom')).toBe('retry');
    expect(await queue.claim()).toBeUndefined();
    nowMs += 5_000;
    expect((await queue.claim())?.id).toBe(id);
  });
});
