import type { LiveStore, LiveVersion, Planner, PolledSource } from '@cairn/engine';
import type { AppContext, LiveFeeds } from '../context.ts';
import { FeedPoller, type PollReport } from './feedPoller.ts';
import { pruneWatches } from './journeyWatches.ts';
import { advisoryLockLeader, soleLeader, type Leadership } from './leaderLock.ts';
import { feedsAfter, LIVE_CHANNEL, restampFeed, storedValidators, storeFeed } from './liveFeedTable.ts';
import { planLiveSources, type LiveSourcePlan } from './liveSources.ts';
import { startSimulatorServer, type SimulatorServer } from './simulatorServer.ts';
import { checkWatchedJourneys } from './watchedJourneyChecks.ts';

/** A fetch taking longer is abandoned. */
const FETCH_TIMEOUT_MS = 10_000;
/** GTFS-realtime feeds of a whole region stay well below this; anything larger is refused. */
const MAX_FEED_BYTES = 32 * 1024 * 1024;
/** Failures back off to at most this wait. */
const MAX_BACKOFF_SEC = 600;
/** How often a process that does not lead tries the lock (and the leader checks its connection). */
const LEADER_RETRY_SEC = 5;

/**
 * Live running in one process (docs/adr/014). Every process keeps its own LiveStore, filled from
 * the live_feeds table on start and on each NOTIFY, naming each version after the row's
 * generation so all processes agree on ids. The process that leads (PostgreSQL advisory lock;
 * always, on PGlite) also polls the sources, stores what they answer, and checks the watched
 * journeys against each new version.
 */
export class LiveRunning implements LiveFeeds {
  readonly #ctx: AppContext;
  readonly #planner: Planner;
  readonly #store: LiveStore;
  readonly #plan: Exclude<LiveSourcePlan, { kind: 'off' }>;
  readonly #leadership: Leadership;
  readonly #polls = new Map<string, PollReport>();
  #pollers: FeedPoller[] = [];
  #simulator: SimulatorServer | undefined;
  #unlisten: (() => Promise<void>) | undefined;
  #seenGeneration = 0;
  #checkedVersion = '';
  #work: Promise<void> = Promise.resolve();
  #again = false;
  #stopped = false;

  constructor(
    ctx: AppContext,
    planner: Planner,
    store: LiveStore,
    plan: Exclude<LiveSourcePlan, { kind: 'off' }>,
    leadership: Leadership,
  ) {
    this.#ctx = ctx;
    this.#planner = planner;
    this.#store = store;
    this.#plan = plan;
    this.#leadership = leadership;
  }

  /** The version a search routes on (take it once per search). */
  current(): LiveVersion {
    return this.#store.current();
  }

  get leading(): boolean {
    return this.#leadership.leading;
  }

  /** The last fetch of each source this process polled (only the leader polls). */
  pollReports(): PollReport[] {
    return [...this.#polls.values()];
  }

  async start(): Promise<void> {
    this.#unlisten = await this.#ctx.database.listen(LIVE_CHANNEL, () => this.#catchUp());
    this.#catchUp();
    await this.#work;
    this.#leadership.start((leading) => {
      if (leading) void this.#lead();
      else this.#stopPolling();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopPolling();
    await this.#leadership.stop();
    await this.#unlisten?.();
    await this.#work;
  }

  /** Reads the rows stored since the last read into the store; a call while reading runs one more read. */
  #catchUp(): void {
    if (this.#again) return;
    this.#again = true;
    this.#work = this.#work.then(async () => {
      this.#again = false;
      if (this.#stopped) return;
      try {
        const feeds = await feedsAfter(this.#ctx.database, this.#seenGeneration);
        // In one synchronous run: searches never see the versions in between.
        for (const f of feeds) {
          const src = { source: f.source, feedId: f.feedId, kind: f.kind, maxAgeSec: f.maxAgeSec };
          const { report } = this.#store.ingest(src, f.bytes, f.fetchedAtSec, `live-${f.generation}`);
          this.#seenGeneration = f.generation;
          if (report.outcome !== 'applied')
            this.#ctx.logger.warn({ source: f.source, report }, 'live feed left out of the live version');
        }
        if (this.#leadership.leading && this.#store.current().id !== this.#checkedVersion) {
          const version = this.#store.current();
          this.#checkedVersion = version.id;
          await pruneWatches(this.#ctx);
          const updated = await checkWatchedJourneys(this.#ctx, this.#planner, version);
          if (updated > 0) this.#ctx.logger.info({ version: version.id, updated }, 'open journeys updated');
        }
      } catch (error) {
        this.#ctx.logger.warn({ err: error }, 'reading the live feeds failed; the next notice retries');
      }
    });
  }

  async #lead(): Promise<void> {
    this.#ctx.logger.info({ sources: this.#plan.kind }, 'this process polls the live feeds');
    try {
      let sources: PolledSource[];
      if (this.#plan.kind === 'simulator') {
        this.#simulator = await startSimulatorServer(
          this.#store,
          () => this.#ctx.now().getTime(),
          this.#ctx.config.livePollSec,
        );
        sources = this.#simulator.sources;
      } else sources = this.#plan.sources;
      if (!this.#leadership.leading) return this.#stopPolling();
      for (const source of sources) {
        const validators = await storedValidators(this.#ctx.database, source.source);
        const poller = new FeedPoller(source, {
          timeoutMs: FETCH_TIMEOUT_MS,
          maxBytes: MAX_FEED_BYTES,
          maxBackoffSec: MAX_BACKOFF_SEC,
          ...validators,
        });
        this.#pollers.push(poller);
        poller.start(async (result, report) => {
          this.#polls.set(source.source, report);
          if (result.outcome === 'failed')
            this.#ctx.logger.warn({ source: source.source, report }, 'live feed fetch failed');
          else this.#ctx.logger.debug({ source: source.source, report }, 'live feed fetched');
          if (!this.#leadership.leading) return;
          if (result.outcome !== 'fetched' && !this.#outlived(source)) return;
          try {
            // A source that answers nothing new keeps its last body only while that is young enough.
            if (result.outcome === 'fetched')
              await storeFeed(this.#ctx.database, source, result, this.#ctx.now());
            else await restampFeed(this.#ctx.database, source.source, this.#ctx.now());
          } catch (error) {
            this.#ctx.logger.warn({ err: error, source: source.source }, 'storing a live feed failed');
          }
          this.#catchUp();
        });
      }
    } catch (error) {
      this.#ctx.logger.error({ err: error }, 'starting the live feed pollers failed');
    }
  }

  /** Whether the version still holds what `source` said although it is older than the source's maximum age. */
  #outlived(source: PolledSource): boolean {
    const report = this.#store.current().reports.find((r) => r.source === source.source);
    const nowSec = Math.floor(this.#ctx.now().getTime() / 1000);
    return report?.outcome === 'applied' && nowSec - report.feedTimestampSec > source.maxAgeSec;
  }

  #stopPolling(): void {
    for (const p of this.#pollers) p.stop();
    this.#pollers = [];
    void this.#simulator?.close();
    this.#simulator = undefined;
  }
}

/** Live running for this process, or undefined (with the reason logged) when it is off. */
export async function startLiveRunning(ctx: AppContext, planner: Planner): Promise<LiveRunning | undefined> {
  if (ctx.config.liveFeeds === 'off') return undefined;
  if (!planner.createLiveStore) {
    ctx.logger.info('live running is off: this planner has no timetable to lay live data over');
    return undefined;
  }
  const plan = await planLiveSources(ctx.config);
  if (plan.kind === 'off') {
    ctx.logger.info({ why: plan.why }, 'live running is off');
    return undefined;
  }
  const { database, config } = ctx;
  const leadership =
    database.kind === 'postgres' && config.databaseUrl
      ? advisoryLockLeader(config.databaseUrl, LEADER_RETRY_SEC, ctx.logger)
      : soleLeader();
  const live = new LiveRunning(ctx, planner, planner.createLiveStore('live'), plan, leadership);
  await live.start();
  return live;
}
