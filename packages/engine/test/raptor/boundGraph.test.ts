// The time bound's graph (boundGraph.ts) holds exactly the least time of every pattern hop (at the
// fastest trip, as TimeBound works it out) and every transfer between two stops, once per pair,
// against the search direction, in its own numbering of the stops (one to one): on seeded random
// networks, both directions, slower walkers too.
import { describe, expect, it } from 'vitest';
import { boundGraphOf, buildBoundGraph, stopNumbering } from '../../src/raptor/boundGraph.ts';
import { TimeBound } from '../../src/raptor/timeBound.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import type { TransitData } from '../../src/raptor/transitData.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

/**
 * "s q" → least seconds, from every hop and transfer one by one (edges a → b in real time), and how
 * many hops and transfers there were.
 */
function referenceEdges(d: TransitData, hops: Int32Array, fwd: boolean, factor: number) {
  const least = new Map<string, number>();
  let count = 0;
  const add = (a: number, b: number, sec: number) => {
    // A search against the direction comes into b from a (forward) or into a from b (backward).
    const [s, q] = fwd ? [b, a] : [a, b];
    if (s === q) return;
    count++;
    const key = `${s} ${q}`;
    least.set(key, Math.min(least.get(key) ?? Infinity, sec));
  };
  for (let r = 0; r < d.patternCount; r++)
    for (let p = d.patternStopOffsets[r]!; p + 1 < d.patternStopOffsets[r + 1]!; p++)
      add(d.patternStops[p]!, d.patternStops[p + 1]!, hops[p]!);
  for (let a = 0; a < d.stopCount; a++)
    for (let i = d.transferOffsets[a]!; i < d.transferOffsets[a + 1]!; i++) {
      const sec = d.transferSec[i]!;
      add(a, d.transferTo[i]!, d.transferIsWalk[i] === 1 ? Math.min(sec, Math.round(sec * factor)) : sec);
    }
  return { least, count };
}

describe('buildBoundGraph', () => {
  it('has each pair of stops once, at the least time of its hops and transfers', () => {
    let edges = 0;
    let merged = 0;
    let renumbered = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const { view } = randomNetwork(seed, seed % 2 === 0 ? 0 : 120, 20260603);
      const hops = new TimeBound(view).fastestHop;
      for (const fwd of [true, false])
        for (const factor of [1, 1.5]) {
          const numbering = stopNumbering(view);
          const { order, rank } = numbering;
          for (let s = 0; s < view.stopCount; s++) {
            expect(rank[order[s]!]).toBe(s);
            if (order[s] !== s) renumbered++;
          }
          const graph = buildBoundGraph(view, hops, fwd, factor, numbering);
          const got = new Map<string, number>();
          for (let s = 0; s < view.stopCount; s++)
            for (let i = graph.offsets[s]!; i < graph.offsets[s + 1]!; i++) {
              const key = `${order[s]!} ${order[graph.edges[2 * i]!]!}`;
              expect(got.has(key)).toBe(false);
              got.set(key, graph.edges[2 * i + 1]!);
            }
          const want = referenceEdges(view, hops, fwd, factor);
          expect(got).toEqual(want.least);
          edges += got.size;
          merged += want.count - got.size;
        }
    }
    expect(edges).toBeGreaterThan(1000);
    expect(renumbered).toBeGreaterThan(0);
    // Pairs made by more than one hop or transfer were merged.
    expect(merged).toBeGreaterThan(0);
  });

  it('is built once per timetable: every service day shares it, per direction and walking factor', () => {
    const { tt, view } = randomNetwork(3, 120, 20260603);
    const other = new TransitView(tt, 20260604);
    const hops = new TimeBound(view).fastestHop;
    const numbering = stopNumbering(view);
    const graph = boundGraphOf(view, hops, true, 1, numbering);
    expect(boundGraphOf(other, hops, true, 1, numbering)).toBe(graph);
    expect(boundGraphOf(other, hops, false, 1, numbering)).not.toBe(graph);
    expect(boundGraphOf(other, hops, true, 1.5, numbering)).not.toBe(graph);
    expect(boundGraphOf(view, hops, true, 1, numbering)).toEqual(
      buildBoundGraph(view, hops, true, 1, numbering),
    );
  });
});
