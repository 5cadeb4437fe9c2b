import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { JOBS_CHANNEL, type Job, type JobQueue } from './jobQueue.ts';

const PRUNE_EVERY_MS = 3_600_000;
const KEEP_FINISHED_SEC = 7 * 24 * 3600;

export interface JobHandler {
  run(job: Job): Promise<void>;
  /** Called once when the job has used all its attempts. */
  giveUp?(job: Job, error: string): Promise<void>;
}

export interface WorkerOptions {
  database: Database;
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  logger: Logger;
  pollMs: number;
  visibilitySec: number;
  /** Other clean-up to run with the hourly job pruning (answers how many rows it removed). */
  housekeeping?: () => Promise<number>;
}

/**
 * Consumes the job queue one job at a time (planning is CPU-bound; run more worker processes
 * to plan more at once). Woken by NOTIFY on enqueue, and polls as well so lapsed claims of dead
 * workers and delayed retries are picked up without a notification.
 */
export class Worker {
  readonly #options: WorkerOptions;
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #lastPrune = 0;

  constructor(options: WorkerOptions) {
    this.#options = options;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    this.#unlisten = await this.#options.database.listen(JOBS_CHANNEL, () => this.#wake?.());
    this.#loop = this.#run();
  }

  /** Stops taking jobs and waits for the one in hand to finish. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
    await this.#unlisten?.();
  }

  async #run(): Promise<void> {
    const { queue, logger, pollMs } = this.#options;
    while (this.#running) {
      let job: Job | undefined;
      try {
        job = await queue.claim();
      } catch (error) {
        logger.error({ err: error }, 'claiming a job failed');
      }
      if (job) {
        try {
          await this.#process(job);
        } catch (error) {
          // Recording the outcome failed (database gone): the claim lapses and the job runs again.
          logger.error({ err: error, job: job.id }, 'processing a job failed; it will be retried');
        }
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  /** Finished jobs are kept a week for inspection, then removed, with other housekeeping (hourly, when idle). */
  async #pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = Date.now();
    try {
      const removed = await this.#options.queue.prune(KEEP_FINISHED_SEC);
      const cleaned = (await this.#options.housekeeping?.()) ?? 0;
      if (removed + cleaned > 0)
        this.#options.logger.info({ removed, cleaned }, 'pruned finished jobs and old data');
    } catch (error) {
      this.#options.logger.warn({ err: error }, 'pruning failed');
    }
  }

  async #process(job: Job): Promise<void> {
    const { queue, handlers, logger, visibilitySec } = this.#options;
    const log = logger.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    const handler = handlers[job.kind];
    if (!handler) {
      log.error('no handler for this kind of job');
      await queue.fail({ ...job, attempts: job.maxAttempts }, `no handler for ${job.kind}`);
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Its earlier claims lapsed (the workers holding it died): do not try forever.
      const message = 'the job was abandoned by its workers too many times';
      log.error(message);
      await queue.fail(job, message);
      await handler.giveUp?.(job, message).catch((err: unknown) => log.error({ err }, 'giveUp failed'));
      return;
    }
    const heartbeat = setInterval(
      () => void queue.extend(job).catch((err: unknown) => log.warn({ err }, 'extending the claim failed')),
      Math.max(1000, (visibilitySec * 1000) / 3),
    );
    const started = performance.now();
    try {
      await handler.run(job);
      await queue.complete(job);
      log.info({ durationMs: Math.round(performance.now() - started) }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await queue.fail(job, message);
      log.warn({ err: error, outcome }, 'job failed');
      if (outcome === 'failed') {
        await handler.giveUp?.(job, message).catch((err: unknown) => log.error({ err }, 'giveUp failed'));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
