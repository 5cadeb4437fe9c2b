import { STRAIGHT_LINE_FOOTPATHS } from './footpaths.ts';
import type { FootpathSource } from './footpaths.ts';
import type { TimetableArrays, TimetableMeta } from './types.ts';
import type { StopIdx } from '../raptor/transitData.ts';

/** The compact timetable of a region: typed-array columns plus a few string tables. */
export class Timetable {
  readonly a: TimetableArrays;
  readonly meta: TimetableMeta;
  private stopIndex: Map<string, number> | undefined;

  constructor(arrays: TimetableArrays, meta: TimetableMeta) {
    this.a = arrays;
    this.meta = meta;
  }

  get stopCount(): number {
    return this.a.stopLat.length;
  }

  get tripCount(): number {
    return this.a.tripPattern.length;
  }

  get patternCount(): number {
    return this.a.patternLine.length;
  }

  /** Count of stored stop times (all runs of all trips). */
  get stopTimeCount(): number {
    return this.a.arrivals.length;
  }

  /** Stop index for a namespaced id ("feed:stop_id"); undefined when unknown. */
  findStopById(id: string): StopIdx | undefined {
    this.stopIndex ??= new Map(this.meta.stopIds.map((s, i) => [s, i]));
    return this.stopIndex.get(id) as StopIdx | undefined;
  }

  /**
   * The first feed's time zone: what a bare timetable's views and tools count days in. A region
   * plans in its region.json timeZone instead (planner/loadPlanner.ts gives it to each view).
   */
  get timezone(): string {
    return this.meta.feeds[0]?.timezone ?? 'UTC';
  }

  /**
   * Rebuilds the transfer set from a footpath source (straight lines by default, real street walks
   * from the street engine later). Rules, in order of precedence:
   *  1. transfers.txt entries (already expanded from stations to their platforms); type 3 removes;
   *  2. a change at the same stop takes `sameStopTransferSec`;
   *  3. footpaths from the source, except between two stops of a feed that has transfers.txt.
   */
  replaceFootpaths(source: FootpathSource, label = STRAIGHT_LINE_FOOTPATHS): void {
    const a = this.a;
    this.meta.footpathSource = label;
    const S = this.stopCount;
    const settings = this.meta.transferSettings;
    const edges = new Map<number, { sec: number; walk: boolean }>();
    const key = (from: number, to: number): number => from * S + to;
    const paths = source({ count: S, lat: a.stopLat, lon: a.stopLon }, settings);
    for (const f of paths) {
      if (f.from === f.to) continue;
      const fa = a.stopFeed[f.from]!;
      const fb = a.stopFeed[f.to]!;
      if (fa === fb && !this.meta.feeds[fa]?.generateFootpaths) continue;
      const k = key(f.from, f.to);
      const old = edges.get(k);
      if (!old || old.sec > f.durationSec) edges.set(k, { sec: f.durationSec, walk: true });
    }
    for (let s = 0; s < S; s++) edges.set(key(s, s), { sec: settings.sameStopTransferSec, walk: false });
    for (let i = 0; i < a.explicitFrom.length; i++) {
      const from = a.explicitFrom[i]!;
      const to = a.explicitTo[i]!;
      if (a.explicitForbidden[i]) edges.delete(key(from, to));
      else edges.set(key(from, to), { sec: a.explicitSec[i]!, walk: from !== to });
    }
    const keys = [...edges.keys()].sort((x, y) => x - y);
    const transferOffsets = new Int32Array(S + 1);
    const transferTo = new Int32Array(keys.length);
    const transferSec = new Int32Array(keys.length);
    const transferIsWalk = new Uint8Array(keys.length);
    keys.forEach((k, i) => {
      const from = Math.floor(k / S);
      const e = edges.get(k)!;
      transferOffsets[from + 1]!++;
      transferTo[i] = k - from * S;
      transferSec[i] = e.sec;
      transferIsWalk[i] = e.walk ? 1 : 0;
    });
    for (let s = 0; s < S; s++) transferOffsets[s + 1]! += transferOffsets[s]!;
    a.transferOffsets = transferOffsets;
    a.transferTo = transferTo;
    a.transferSec = transferSec;
    a.transferIsWalk = transferIsWalk;
    // The reverse index: the same edges grouped by destination.
    const inOffsets = new Int32Array(S + 1);
    for (let i = 0; i < transferTo.length; i++) inOffsets[transferTo[i]! + 1]!++;
    for (let s = 0; s < S; s++) inOffsets[s + 1]! += inOffsets[s]!;
    const fill = inOffsets.slice(0, S);
    const inFrom = new Int32Array(transferTo.length);
    const inSec = new Int32Array(transferTo.length);
    const inWalk = new Uint8Array(transferTo.length);
    for (let from = 0; from < S; from++) {
      for (let i = transferOffsets[from]!; i < transferOffsets[from + 1]!; i++) {
        const at = fill[transferTo[i]!]!++;
        inFrom[at] = from;
        inSec[at] = transferSec[i]!;
        inWalk[at] = transferIsWalk[i]!;
      }
    }
    a.transferInOffsets = inOffsets;
    a.transferInFrom = inFrom;
    a.transferInSec = inSec;
    a.transferInIsWalk = inWalk;
  }
}
