import type { RegionConfig } from '../region/regionConfig.ts';
import type { InstancePatch } from '../timetable/livePatch.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { decodeFeed } from './decodeFeed.ts';
import { decodeSiri } from './decodeSiri.ts';
import { resolveSiriRefs } from './siriRefs.ts';
import type { RtFeed } from './decodeFeed.ts';
import { makeLiveVersion } from './liveVersion.ts';
import type { FeedReport, LiveAlert, LiveVersion } from './liveVersion.ts';
import { patchesFromTripUpdates } from './tripUpdates.ts';
import { tripIndexOf } from './tripIndex.ts';
import { patchesFromVehicles } from './vehiclePositions.ts';

/** One configured GTFS-realtime source (region.json `feeds[].realtime[]`, or the simulator). */
export interface LiveSource {
  /** Stable name of the source, e.g. its URL. */
  source: string;
  /** The static feed whose ids it uses. */
  feedId: string;
  kind: FeedReport['kind'];
  maxAgeSec: number;
}

/** A source a poller fetches: where, how often, with which headers. */
export interface PolledSource extends LiveSource {
  url: string;
  pollSec: number;
  headers: Record<string, string>;
}

/** The GTFS-realtime sources region.json names (`feeds[].realtime[]`), named by their URL. */
export function regionLiveSources(region: RegionConfig): PolledSource[] {
  return region.feeds.flatMap((f) =>
    (f.realtime ?? []).map((r) => ({
      source: r.url,
      feedId: f.id,
      kind: r.kind,
      maxAgeSec: r.maxAgeSec,
      url: r.url,
      pollSec: r.pollSec,
      headers: r.headers ?? {},
    })),
  );
}

interface Layer {
  patches: readonly InstancePatch[];
  alerts: readonly LiveAlert[];
}

/**
 * Holds the current live version of a timetable and builds the next one from each fetched feed.
 * Each source is a layer (its latest FULL_DATASET message, plus any DIFFERENTIAL ones since); a new version merges the layers and
 * replaces the current one in a single assignment, so a reader sees either the old or the new
 * version, never a mix. A stale or undecodable feed removes its layer (the timetable is shown
 * rather than old live data) and is reported.
 */
export class LiveStore {
  private version: LiveVersion;
  private readonly layers = new Map<string, Layer>();
  private readonly reports = new Map<string, FeedReport>();
  private seq = 0;

  readonly timetable: Timetable;
  private readonly idPrefix: string;

  /** `idPrefix` names the versions (`${idPrefix}-${n}`): give each process its own when they share ids. */
  constructor(timetable: Timetable, idPrefix = 'live') {
    this.timetable = timetable;
    this.idPrefix = idPrefix;
    this.version = makeLiveVersion(`${idPrefix}-0`, timetable, 0, [], [], []);
    // Built now, so the first feed is applied as fast as the later ones.
    tripIndexOf(timetable);
  }

  /** The version to route a search on. */
  current(): LiveVersion {
    return this.version;
  }

  /**
   * Decodes and applies one fetched FeedMessage (or SIRI ServiceDelivery) of `src`; returns the new version and what happened.
   * `id` names the new version instead of the store's counter: processes that ingest the same
   * stored feeds in the same order then share version ids (the API derives it from the database).
   */
  ingest(
    src: LiveSource,
    bytes: Uint8Array,
    nowSec: number,
    id?: string,
  ): { version: LiveVersion; report: FeedReport } {
    // SIRI is XML and GTFS-realtime protobuf: the body says which, so stored rows need no format.
    const siri = looksLikeXml(bytes);
    const decoded = siri ? decodeSiri(bytes) : decodeFeed(bytes);
    if (!decoded.ok) {
      return this.swap(
        src,
        undefined,
        {
          source: src.source,
          kind: src.kind,
          atSec: nowSec,
          feedTimestampSec: 0,
          outcome: 'undecodable',
          error: decoded.error,
        },
        nowSec,
        id,
      );
    }
    const feed = siri ? resolveSiriRefs(this.timetable, src.feedId, decoded.feed) : decoded.feed;
    return this.apply(src, feed, nowSec, id);
  }

  /** Applies an already decoded feed (tests, or a poller that decodes elsewhere); `id` as for ingest. */
  apply(
    src: LiveSource,
    feed: RtFeed,
    nowSec: number,
    id?: string,
  ): { version: LiveVersion; report: FeedReport } {
    const base: FeedReport = {
      source: src.source,
      kind: src.kind,
      atSec: nowSec,
      feedTimestampSec: feed.timestampSec,
      outcome: 'applied',
    };
    if (feed.timestampSec <= 0 || nowSec - feed.timestampSec > src.maxAgeSec) {
      return this.swap(src, undefined, { ...base, outcome: 'stale' }, nowSec, id);
    }
    if (src.kind === 'trip-updates') {
      const { patches, report } = patchesFromTripUpdates(
        this.timetable,
        src.feedId,
        feed.tripUpdates,
        feed.timestampSec,
      );
      return this.swap(
        src,
        this.layerOf(src, feed, patches, []),
        { ...base, tripUpdates: report },
        nowSec,
        id,
      );
    }
    if (src.kind === 'service-alerts') {
      const alerts = feed.alerts.map((a) => namespacedAlert(src.feedId, a));
      return this.swap(
        src,
        this.layerOf(src, feed, [], alerts),
        { ...base, alerts: alerts.length },
        nowSec,
        id,
      );
    }
    // Vehicle positions: how late their trips are at least, for trips no trip update covers.
    const { patches, report } = patchesFromVehicles(this.timetable, src.feedId, feed, src.maxAgeSec);
    const counts = { vehicles: feed.vehicles.length, vehicleDelays: report };
    return this.swap(src, this.layerOf(src, feed, patches, []), { ...base, ...counts }, nowSec, id);
  }

  /** A FULL_DATASET message is the source's whole layer; a DIFFERENTIAL one adds to it (later entries win). */
  private layerOf(src: LiveSource, feed: RtFeed, patches: InstancePatch[], alerts: LiveAlert[]): Layer {
    const old = this.layers.get(src.source);
    if (feed.incrementality !== 'DIFFERENTIAL' || !old) return { patches, alerts };
    const ids = new Set(alerts.map((a) => a.id));
    return {
      patches: [...old.patches, ...patches],
      alerts: [...old.alerts.filter((a) => !ids.has(a.id)), ...alerts],
    };
  }

  private swap(
    src: LiveSource,
    layer: Layer | undefined,
    report: FeedReport,
    nowSec: number,
    id: string | undefined,
  ): { version: LiveVersion; report: FeedReport } {
    if (layer) this.layers.set(src.source, layer);
    else this.layers.delete(src.source);
    this.reports.set(src.source, report);
    const layers = [...this.layers.values()];
    this.seq++;
    this.version = makeLiveVersion(
      id ?? `${this.idPrefix}-${this.seq}`,
      this.timetable,
      nowSec,
      layers.flatMap((l) => l.patches),
      layers.flatMap((l) => l.alerts),
      [...this.reports.values()],
    );
    return { version: this.version, report };
  }
}

/** Whether a fetched body is XML (SIRI) rather than a protobuf FeedMessage: its first non-blank byte is '<'. */
function looksLikeXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  )
    i++;
  return bytes[i] === 0x3c;
}

function namespacedAlert(feedId: string, a: RtFeed['alerts'][number]): LiveAlert {
  return {
    id: `${feedId}:${a.entityId}`,
    header: a.header,
    description: a.description,
    ...(a.url ? { url: a.url } : {}),
    cause: a.cause,
    effect: a.effect,
    activePeriods: a.activePeriods,
    informed: a.informed.map((e) => ({
      ...(e.agencyId ? { agencyId: `${feedId}:${e.agencyId}` } : {}),
      ...(e.routeId ? { routeId: `${feedId}:${e.routeId}` } : {}),
      ...(e.stopId ? { stopId: `${feedId}:${e.stopId}` } : {}),
      ...(e.tripId ? { tripId: `${feedId}:${e.tripId}` } : {}),
    })),
  };
}
