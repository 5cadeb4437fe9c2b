import type { Logger } from 'pino';
import type { Brand, BrandRegistry } from './brands/brandRegistry.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { UserRow } from './db/schema.ts';
import { HttpError } from './http/httpError.ts';
import type { RouteTable } from './http/routeTable.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Planner } from '@cairn/engine';
import type { EventHub, EventLog } from './events/eventLog.ts';
import type { LiveVersion } from '@cairn/engine';
import type { PollReport } from './live/feedPoller.ts';

/** The planner once loaded; the API answers 503 for what needs it until then. */
export class PlannerSlot {
  planner: Planner | undefined;
  error: string | undefined;

  getPlanner(): Planner {
    if (!this.planner)
      throw new HttpError(
        503,
        this.error ? 'Journey planning is unavailable.' : 'Journey planning is starting; try again shortly.',
      );
    return this.planner;
  }
}

/** What the routes and jobs use of live running (live/liveRunning.ts implements it). */
export interface LiveFeeds {
  /** The version a search routes on (take it once per search). */
  current(): LiveVersion;
  /** Whether this process polls the sources. */
  readonly leading: boolean;
  /** The last fetch of each source this process polled. */
  pollReports(): PollReport[];
  stop(): Promise<void>;
}

/** What the HTTP routes and the job handlers share in one process. */
export interface AppContext {
  config: Config;
  logger: Logger;
  database: Database;
  brands: BrandRegistry;
  planner: PlannerSlot;
  queue: JobQueue;
  events: EventLog;
  hub: EventHub;
  mailer: Mailer;
  now: () => Date;
  /** Live running (issue #18, live/liveRunning.ts), once the planner is loaded; undefined while off. */
  live: LiveFeeds | undefined;
}

/** The app's route table: its `auth: 'required'` routes are handed the user's row. */
export type AppRoutes = RouteTable<UserRow>;

export function getBrand(brands: BrandRegistry, id: string): Brand {
  const brand = brands.find(id);
  if (!brand) throw new Error(`Brand "${id}" is not configured`);
  return brand;
}
