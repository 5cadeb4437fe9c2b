import type { TransitData, TripHit, TripIdx } from './transitData.ts';

const NONE = -1;
const INT_MAX = 0x7fffffff;

/**
 * The routers' trip lookups with the last answer kept per pattern position: a range search's
 * iterations start seconds apart, and a search's latest-departure queries minutes apart, so most
 * lookups at a position ask for a time where the last one's answer still holds (the finders say
 * how far, `TripHit.holdsToSec`). The answers depend only on the view, the position, the time, the
 * direction and the wheelchair flag, so they are kept across queries on the same view.
 */
export class TripLookups {
  private readonly data: TransitData;
  /** Per patternStops index: the direction and wheelchair flag of the kept answer (0: none). */
  private readonly mode: Uint8Array;
  /** Search-time ready times (from … to) with the kept answer. */
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  /** The instance's trip (NONE: nothing runs then) and shift. */
  private readonly trip: Int32Array;
  private readonly shift: Int32Array;

  /** Space for every pattern position of `data`; one per router (and so per view). */
  constructor(data: TransitData) {
    this.data = data;
    const n = data.patternStops.length;
    this.mode = new Uint8Array(n);
    this.from = new Int32Array(n);
    this.to = new Int32Array(n);
    this.trip = new Int32Array(n);
    this.shift = new Int32Array(n);
  }

  /**
   * The first vehicle of pattern r catchable at position `pos` (patternStops index `at`) by a label
   * ready at `ready` (search time: real time forward, negated backward), into `hit` with its
   * real time; false when none runs. As the view's finders answer, from the kept answer when it holds.
   */
  find(
    r: number,
    at: number,
    pos: number,
    ready: number,
    fwd: boolean,
    wheelchair: boolean,
    hit: TripHit,
  ): boolean {
    const mode = (fwd ? 1 : 2) + (wheelchair ? 2 : 0);
    if (this.mode[at] === mode && ready >= this.from[at]! && ready <= this.to[at]!) {
      const trip = this.trip[at]!;
      if (trip === NONE) return false;
      hit.trip = trip as TripIdx;
      hit.shiftSec = this.shift[at]!;
      hit.timeSec = fwd ? this.to[at]! : -this.to[at]!;
      return true;
    }
    const d = this.data;
    const ok = fwd
      ? d.findEarliestDeparture(r, pos, ready, wheelchair, hit)
      : d.findLatestArrival(r, pos, -ready, wheelchair, hit);
    // In search time: from the earliest ready time with this answer to the vehicle's own time.
    this.mode[at] = mode;
    this.from[at] = Math.max(fwd ? hit.holdsToSec! : -hit.holdsToSec!, -INT_MAX);
    this.to[at] = ok ? (fwd ? hit.timeSec! : -hit.timeSec!) : INT_MAX;
    this.trip[at] = ok ? hit.trip : NONE;
    this.shift[at] = hit.shiftSec;
    return ok;
  }
}
