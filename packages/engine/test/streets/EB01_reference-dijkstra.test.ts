// Feature under test: A* (plain and with landmarks), contraction hierarchies and bounded one-to-many searches give the same costs as a plain Dijkstra (on hilly networks, where cycling costs differ by direction).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildStreetGraph, edgePartCostSec, MODE_INDEX } from '../../src/streets/graph.ts';
import type { StreetGraph } from '../../src/streets/graph.ts';
import { buildSnapIndex, findSnapPoint } from '../../src/streets/snap.ts';
import { findStreetPath, findStreetPathInHierarchy, reachTargets } from '../../src/streets/search.ts';
import { buildContractionHierarchy } from '../../src/streets/contraction.ts';
import { buildLandmarks } from '../../src/streets/landmarks.ts';
import type { SnapPoint, StreetPath } from '../../src/streets/search.ts';
import { MODE_BIT, wayRouting } from '../../src/osm/wayAccess.ts';
import type { StreetMode } from '../../src/osm/wayAccess.ts';

const N = 7;
const STEP_DEG = 0.002;
const TAG_POOL: Array<Record<string, string>> = [
  { highway: 'residential' },
  { highway: 'residential', oneway: 'yes' },
  { highway: 'tertiary', oneway: '-1' },
  { highway: 'primary', maxspeed: '40 mph' },
  { highway: 'footway' },
  { highway: 'cycleway' },
  { highway: 'track' },
  { highway: 'steps' },
  { highway: 'motorway' },
  { highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' },
  { route: 'ferry', duration: '00:10' },
  { highway: 'service', motor_vehicle: 'no' },
];

interface WaySpec {
  horizontal: boolean;
  line: number;
  start: number;
  len: number;
  tags: number;
}

/** A jittered grid of nodes (hilly, a few heights unknown) and straight ways along its rows and columns. */
function makeGraph(ways: WaySpec[], jitter: number[]): StreetGraph {
  const count = N * N;
  const lat = new Float64Array(count);
  const lon = new Float64Array(count);
  const ele = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const j = jitter[(i * 3) % jitter.length]!;
    ele[i] = j < 0.1 ? Number.NaN : 200 + j * 40;
    lat[i] = 57 + Math.floor(i / N) * STEP_DEG + (jitter[i % jitter.length]! - 0.5) * STEP_DEG * 0.4;
    lon[i] = -3.8 + (i % N) * STEP_DEG + (jitter[(i * 7) % jitter.length]! - 0.5) * STEP_DEG * 0.4;
  }
  const input = ways.flatMap((w) => {
    const nodes: number[] = [];
    for (let k = w.start; k <= Math.min(N - 1, w.start + w.len); k++)
      nodes.push(w.horizontal ? w.line * N + k : k * N + w.line);
    const routing = wayRouting(TAG_POOL[w.tags]!);
    return routing && nodes.length >= 2 ? [{ nodes, routing }] : [];
  });
  return buildStreetGraph({ lat, lon, ele, count }, input);
}

/** Textbook O(V²) Dijkstra from a snapped point, written independently of the search code. */
function referenceCost(g: StreetGraph, from: SnapPoint, to: SnapPoint, mode: StreetMode): number {
  const bit = MODE_BIT[mode];
  const along = (e: number): number => g.edgeCostSec[MODE_INDEX[mode] * g.edgeCount + e]!;
  const against = (e: number): number => g.edgeCostReverseSec[MODE_INDEX[mode] * g.edgeCount + e]!;
  // Part of an edge (a slope may change along it): the graph's own partial-cost rule.
  const part = (e: number, a: number, b: number): number => edgePartCostSec(g, MODE_INDEX[mode], e, a, b);
  const dist = new Array<number>(g.vertexCount).fill(Infinity);
  const done = new Array<boolean>(g.vertexCount).fill(false);
  const fe = from.edge;
  if (g.edgeForward[fe]! & bit)
    dist[g.edgeTo[fe]!] = Math.min(dist[g.edgeTo[fe]!]!, part(fe, from.fraction, 1));
  if (g.edgeBackward[fe]! & bit)
    dist[g.edgeFrom[fe]!] = Math.min(dist[g.edgeFrom[fe]!]!, part(fe, from.fraction, 0));
  for (;;) {
    let u = -1;
    for (let v = 0; v < g.vertexCount; v++)
      if (!done[v] && dist[v]! < Infinity && (u < 0 || dist[v]! < dist[u]!)) u = v;
    if (u < 0) break;
    done[u] = true;
    for (let e = 0; e < g.edgeCount; e++) {
      if (g.edgeFrom[e] === u && g.edgeForward[e]! & bit)
        dist[g.edgeTo[e]!] = Math.min(dist[g.edgeTo[e]!]!, dist[u]! + along(e));
      if (g.edgeTo[e] === u && g.edgeBackward[e]! & bit)
        dist[g.edgeFrom[e]!] = Math.min(dist[g.edgeFrom[e]!]!, dist[u]! + against(e));
    }
  }
  const te = to.edge;
  let best = Infinity;
  if (g.edgeForward[te]! & bit) best = Math.min(best, dist[g.edgeFrom[te]!]! + part(te, 0, to.fraction));
  if (g.edgeBackward[te]! & bit) best = Math.min(best, dist[g.edgeTo[te]!]! + part(te, 1, to.fraction));
  if (fe === te) {
    if (to.fraction >= from.fraction && g.edgeForward[fe]! & bit)
      best = Math.min(best, part(fe, from.fraction, to.fraction));
    if (to.fraction <= from.fraction && g.edgeBackward[fe]! & bit)
      best = Math.min(best, part(fe, from.fraction, to.fraction));
  }
  return best;
}

/** The pieces must be legal for the mode, join up end to end, and add up to the reported cost. */
function checkPath(g: StreetGraph, path: StreetPath, mode: StreetMode, expected: number): void {
  let sum = 0;
  let at: number | null = null;
  path.pieces.forEach((piece, i) => {
    const allowed = piece.reverse ? g.edgeBackward[piece.edge]! : g.edgeForward[piece.edge]!;
    if (piece.fromFraction !== piece.toFraction) expect(allowed & MODE_BIT[mode]).not.toBe(0);
    sum += edgePartCostSec(g, MODE_INDEX[mode], piece.edge, piece.fromFraction, piece.toFraction);
    const startV = piece.reverse ? g.edgeTo[piece.edge]! : g.edgeFrom[piece.edge]!;
    const endV = piece.reverse ? g.edgeFrom[piece.edge]! : g.edgeTo[piece.edge]!;
    if (i > 0) expect(startV).toBe(at);
    at = endV;
  });
  expect(sum).toBeCloseTo(expected, 6);
}

const wayArb = fc.record({
  horizontal: fc.boolean(),
  line: fc.integer({ min: 0, max: N - 1 }),
  start: fc.integer({ min: 0, max: N - 2 }),
  len: fc.integer({ min: 1, max: N - 1 }),
  tags: fc.integer({ min: 0, max: TAG_POOL.length - 1 }),
});
const pointArb = fc.tuple(
  fc.double({ min: 0, max: N - 1, noNaN: true }),
  fc.double({ min: 0, max: N - 1, noNaN: true }),
);
const modeArb = fc.constantFrom<StreetMode>('foot', 'bicycle', 'car');

describe('street search against a plain Dijkstra', () => {
  it('finds paths of equal cost for random pairs on random networks', () => {
    fc.assert(
      fc.property(
        fc.array(wayArb, { minLength: 4, maxLength: 30 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.tuple(pointArb, pointArb), { minLength: 1, maxLength: 6 }),
        modeArb,
        (ways, jitter, pairs, mode) => {
          const g = makeGraph(ways, jitter);
          if (g.edgeCount === 0) return;
          const index = buildSnapIndex(g);
          const landmarks = buildLandmarks(g, mode, 3);
          const hierarchy = buildContractionHierarchy(g, mode);
          for (const [[ax, ay], [bx, by]] of pairs) {
            const a = findSnapPoint(index, 57 + ay * STEP_DEG, -3.8 + ax * STEP_DEG, mode, 5000);
            const b = findSnapPoint(index, 57 + by * STEP_DEG, -3.8 + bx * STEP_DEG, mode, 5000);
            if (!a || !b) continue;
            const expected = referenceCost(g, a, b, mode);
            const path = findStreetPath(g, a, b, mode);
            // The same search steered by landmark bounds (ALT) must find the same cost.
            const alt = findStreetPath(g, a, b, mode, undefined, landmarks);
            // And the contraction hierarchy, whose path must also be legal and add up.
            const ch = findStreetPathInHierarchy(g, hierarchy, a, b);
            if (expected === Infinity) {
              expect(path).toBeNull();
              expect(alt).toBeNull();
              expect(ch).toBeNull();
              continue;
            }
            expect(alt!.durationSec).toBeCloseTo(expected, 6);
            expect(ch!.durationSec).toBeCloseTo(expected, 6);
            checkPath(g, ch!, mode, expected);
            expect(path).not.toBeNull();
            expect(path!.durationSec).toBeCloseTo(expected, 6);
            checkPath(g, path!, mode, expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reaches the same targets at the same cost in a bounded one-to-many search, both directions', () => {
    fc.assert(
      fc.property(
        fc.array(wayArb, { minLength: 4, maxLength: 30 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
        pointArb,
        fc.array(pointArb, { minLength: 1, maxLength: 8 }),
        modeArb,
        fc.integer({ min: 30, max: 2000 }),
        (ways, jitter, [px, py], targetXY, mode, maxSec) => {
          const g = makeGraph(ways, jitter);
          if (g.edgeCount === 0) return;
          const index = buildSnapIndex(g);
          const p = findSnapPoint(index, 57 + py * STEP_DEG, -3.8 + px * STEP_DEG, mode, 5000);
          if (!p) return;
          const targets = targetXY.flatMap(
            ([x, y]) => findSnapPoint(index, 57 + y * STEP_DEG, -3.8 + x * STEP_DEG, mode, 5000) ?? [],
          );
          for (const direction of ['from', 'to'] as const) {
            const got = new Map(
              reachTargets(g, p, mode, maxSec, targets, direction).map((r) => [r.target, r.durationSec]),
            );
            targets.forEach((t, i) => {
              const expected =
                direction === 'from' ? referenceCost(g, p, t, mode) : referenceCost(g, t, p, mode);
              if (expected <= maxSec - 1e-6) expect(got.get(i)).toBeCloseTo(expected, 6);
              else if (expected > maxSec + 1e-6) expect(got.has(i)).toBe(false);
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
