import { regionLiveSources, type PolledSource } from '@cairn/engine';
import { loadRegionConfig } from '@cairn/engine/region';
import type { Config } from '../config.ts';

/** Where this process's live feeds come from: nowhere, listed sources, or the engine's simulator. */
export type LiveSourcePlan =
  { kind: 'off'; why: string } | { kind: 'sources'; sources: PolledSource[] } | { kind: 'simulator' };

/**
 * LIVE_FEEDS_JSON replaces the region's sources; LIVE_FEEDS picks region.json's, the simulator,
 * or off; unset, the region's sources are polled, or the simulator for the demo region when it
 * names none. LIVE_POLL_SEC is a floor on every source's interval.
 */
export async function planLiveSources(config: Config): Promise<LiveSourcePlan> {
  if (config.liveFeeds === 'off') return { kind: 'off', why: 'LIVE_FEEDS=off' };
  if (config.liveFeeds === 'simulator') return { kind: 'simulator' };
  const listed = config.liveFeedsJson
    ? config.liveFeedsJson.map((s): PolledSource => ({
        source: s.url,
        feedId: s.feedId,
        kind: s.kind,
        maxAgeSec: s.maxAgeSec,
        url: s.url,
        pollSec: s.pollSec,
        headers: s.headers ?? {},
      }))
    : await regionSources(config.regionDir);
  if (typeof listed === 'string') return { kind: 'off', why: listed };
  const sources = listed.map((s) => ({ ...s, pollSec: Math.max(s.pollSec, config.livePollSec) }));
  if (sources.length > 0) return { kind: 'sources', sources };
  if (config.liveFeeds === 'auto' && config.demoRegion) return { kind: 'simulator' };
  return { kind: 'off', why: 'region.json names no realtime feed (feeds[].realtime[])' };
}

/** The sources region.json names, or why it could not be read. */
async function regionSources(regionDir: string): Promise<PolledSource[] | string> {
  const { config, warnings } = await loadRegionConfig(regionDir);
  if (config) return regionLiveSources(config);
  const problem = warnings.find((w) => w.severity === 'error');
  return `region.json could not be read: ${problem ? `${problem.path} ${problem.message}` : 'unknown problem'}`;
}
