import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { pruneLoginFailures } from './accounts/loginThrottle.ts';
import { loadBrands } from './brands/brandRegistry.ts';
import type { Config } from './config.ts';
import { PlannerSlot, type AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { buildApp } from './app/buildApp.ts';
import { JobQueue } from './jobs/jobQueue.ts';
import { Worker } from './jobs/worker.ts';
import { ACCOUNT_MAIL_JOB, accountMailHandler } from './mail/accountMailJob.ts';
import { createMailer } from './mail/mailer.ts';
import { pruneMailQuota } from './mail/mailQuota.ts';
import { loadPlannerFrom } from './planning/loadPlanner.ts';
import type { Planner } from '@cairn/engine';
import { planSearchHandler } from './planning/planSearchJob.ts';
import { EventHub, EventLog } from './events/eventLog.ts';
import { startLiveRunning } from './live/liveRunning.ts';
import { PLAN_SEARCH_JOB, pruneVisitorSearches } from './search/searchStore.ts';

export interface RuntimeOptions {
  /** Serve HTTP (`cairn serve`). */
  http: boolean;
  /** Consume jobs in this process (`cairn worker`, or `serve` without --no-worker). */
  worker: boolean;
  /** A planner to use instead of loading PLANNER_MODULE (tests). */
  planner?: Planner | Promise<Planner>;
  logger?: Logger;
  now?: () => Date;
}

export interface Runtime {
  ctx: AppContext;
  app: FastifyInstance | undefined;
  worker: Worker | undefined;
  /** Resolves once the planner is loaded (and the worker, if any, started). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Assembles one process: database, brands, planner, queue, realtime hub, and HTTP and/or worker. */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const { registry: brands, issues } = loadBrands(config.brandsDir);
  for (const issue of issues) logger.warn(issue, 'brand ignored');
  if (!brands.find(config.brand)) {
    throw new Error(
      `BRAND "${config.brand}" is not among the valid brands in ${config.brandsDir}: ${
        brands
          .list()
          .map((b) => b.settings.brand)
          .join(', ') || 'none'
      }`,
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    logger,
  });
  const now = options.now ?? (() => new Date());
  const queue = new JobQueue(database, config.jobVisibilitySec, now);
  // PGlite belongs to this one process: jobs still claimed are a killed predecessor's.
  if (database.kind === 'pglite') {
    const released = await queue.releaseClaimsOfAnEarlierProcess();
    if (released > 0) logger.warn({ released }, 'jobs left running by an earlier process are queued again');
  }
  const events = new EventLog(database);
  const hub = new EventHub(database);
  const planner = new PlannerSlot();
  const ctx: AppContext = {
    config,
    logger,
    database,
    brands,
    planner,
    queue,
    events,
    hub,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
    now,
    live: undefined,
  };

  let app: FastifyInstance | undefined;
  if (options.http) {
    await hub.start();
    app = await buildApp(ctx);
  }
  const worker = options.worker
    ? new Worker({
        database,
        queue,
        logger: logger.child({ component: 'worker' }),
        handlers: { [PLAN_SEARCH_JOB]: planSearchHandler(ctx), [ACCOUNT_MAIL_JOB]: accountMailHandler(ctx) },
        pollMs: config.jobPollMs,
        visibilitySec: config.jobVisibilitySec,
        housekeeping: async () =>
          (await pruneVisitorSearches(ctx.database, config.searchRetentionDays, ctx.now())) +
          (await pruneLoginFailures(ctx)) +
          (await pruneMailQuota(ctx)),
      })
    : undefined;

  let closing: Promise<void> | null = null;
  const ready = (async () => {
    try {
      const started = performance.now();
      planner.planner = await (options.planner ?? loadPlannerFrom(config.plannerModule, config.regionDir));
      logger.info(
        { region: planner.planner.regionInfo().id, ms: Math.round(performance.now() - started) },
        'planner loaded',
      );
      // Parts of the region that could not be used (e.g. an unreadable feed): the operator must see them.
      for (const warning of planner.planner.warnings) {
        logger.warn({ warning }, 'region data problem: this part of the region is not used');
      }
    } catch (error) {
      planner.error = (error as Error).message;
      logger.error(
        { err: error, regionDir: config.regionDir },
        'the planner could not be loaded; searches wait until it can',
      );
      throw error;
    }
    try {
      const live = await startLiveRunning(ctx, planner.planner);
      // Closed while starting: nothing may poll on after close.
      if (closing) await live?.stop().catch(() => undefined);
      else ctx.live = live;
    } catch (error) {
      // Searches still run on the timetable.
      logger.error({ err: error }, 'live running could not start; planning on the timetable');
    }
    await worker?.start();
  })();
  ready.catch(() => undefined);

  return {
    ctx,
    app,
    worker,
    ready,
    close() {
      closing ??= (async () => {
        await app?.close();
        await worker?.stop();
        await ctx.live?.stop();
        await hub.stop();
        ctx.mailer.close();
        await database.close();
      })();
      return closing;
    },
  };
}
