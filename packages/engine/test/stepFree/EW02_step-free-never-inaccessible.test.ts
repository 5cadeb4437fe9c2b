// Feature under test: a step-free answer never uses an edge marked not step-free and finds a path whenever one exists without them (random street graphs), and step-free searches on the demo region only show a part known not to be step-free when nothing else exists (issue #19).
import fc from 'fast-check';
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import {
  FIRST_BLOCKING_CODE,
  nodeStepFree,
  stepFreeCodeIndex,
  wayStepFree,
} from '../../src/osm/stepFreeTags.ts';
import { wayRouting } from '../../src/osm/wayAccess.ts';
import { buildStreetGraph } from '../../src/streets/graph.ts';
import type { StreetGraph } from '../../src/streets/graph.ts';
import { findStreetPath } from '../../src/streets/search.ts';
import type { SnapPoint } from '../../src/streets/search.ts';
import { stepFreeGraph } from '../../src/stepFree/streetProfile.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const N = 6;
const WAY_TAGS: Array<Record<string, string>> = [
  { highway: 'residential' },
  { highway: 'footway', surface: 'asphalt' },
  { highway: 'footway' },
  { highway: 'steps' },
  { highway: 'steps', 'ramp:wheelchair': 'yes' },
  { highway: 'path', surface: 'gravel' },
  { highway: 'footway', surface: 'asphalt', incline: '15%' },
  { highway: 'cycleway', surface: 'asphalt', wheelchair: 'no' },
];
const NODE_TAGS: Array<Record<string, string>> = [
  {},
  {},
  {},
  { kerb: 'raised' },
  { kerb: 'lowered' },
  { barrier: 'stile' },
];

interface WaySpec {
  horizontal: boolean;
  line: number;
  start: number;
  len: number;
  tags: number;
}

/** A grid of N×N nodes, some tagged (kerbs, stiles), with straight ways along rows and columns. */
function makeGraph(ways: WaySpec[], nodeTags: number[]): StreetGraph {
  const count = N * N;
  const lat = Float64Array.from({ length: count }, (_, i) => 57 + Math.floor(i / N) * 0.002);
  const lon = Float64Array.from({ length: count }, (_, i) => -3.8 + (i % N) * 0.002);
  const stepFree = Uint8Array.from({ length: count }, (_, i) =>
    stepFreeCodeIndex(nodeStepFree(NODE_TAGS[nodeTags[i % nodeTags.length]!]!)),
  );
  const input = ways.flatMap((w) => {
    const nodes: number[] = [];
    for (let k = w.start; k <= Math.min(N - 1, w.start + w.len); k++)
      nodes.push(w.horizontal ? w.line * N + k : k * N + w.line);
    const tags = WAY_TAGS[w.tags]!;
    const routing = wayRouting(tags);
    return routing && nodes.length >= 2
      ? [{ nodes, routing, stepFree: stepFreeCodeIndex(wayStepFree(tags)) }]
      : [];
  });
  return buildStreetGraph(
    { lat, lon, ele: new Float32Array(count).fill(Number.NaN), count, stepFree },
    input,
  );
}

/** Whether edge b can be reached from edge a over edges not marked inaccessible (plain search, both ways on foot). */
function reachableWithoutBlocked(g: StreetGraph, a: number, b: number): boolean {
  const open = (e: number) => g.edgeStepFree[e]! < FIRST_BLOCKING_CODE;
  if (!open(a) || !open(b)) return false;
  if (a === b) return true;
  const seen = new Set<number>([g.edgeFrom[a]!, g.edgeTo[a]!]);
  const queue = [...seen];
  while (queue.length > 0) {
    const v = queue.pop()!;
    for (let e = 0; e < g.edgeCount; e++) {
      if (!open(e)) continue;
      const w = g.edgeFrom[e] === v ? g.edgeTo[e]! : g.edgeTo[e] === v ? g.edgeFrom[e]! : -1;
      if (w >= 0 && !seen.has(w)) {
        seen.add(w);
        queue.push(w);
      }
    }
  }
  return seen.has(g.edgeFrom[b]!) || seen.has(g.edgeTo[b]!);
}

const midPoint = (g: StreetGraph, e: number): SnapPoint => ({
  edge: e,
  fraction: 0.5,
  lat: (g.vertexLat[g.edgeFrom[e]!]! + g.vertexLat[g.edgeTo[e]!]!) / 2,
  lon: (g.vertexLon[g.edgeFrom[e]!]! + g.vertexLon[g.edgeTo[e]!]!) / 2,
  distanceM: 0,
});

const wayArb = fc.record({
  horizontal: fc.boolean(),
  line: fc.integer({ min: 0, max: N - 1 }),
  start: fc.integer({ min: 0, max: N - 2 }),
  len: fc.integer({ min: 1, max: N - 1 }),
  tags: fc.integer({ min: 0, max: WAY_TAGS.length - 1 }),
});

describe('W02 step-free street paths never use an edge marked not step-free', () => {
  it('on random graphs: no blocked edge on the path, and a path whenever the open edges connect the ends', () =>
    fc.assert(
      fc.property(
        fc.array(wayArb, { minLength: 4, maxLength: 18 }),
        fc.array(fc.integer({ min: 0, max: NODE_TAGS.length - 1 }), { minLength: 1, maxLength: 36 }),
        fc.nat(),
        fc.nat(),
        (ways, nodeTags, i, j) => {
          const g = makeGraph(ways, nodeTags);
          if (g.edgeCount === 0) return;
          const a = i % g.edgeCount;
          const b = j % g.edgeCount;
          const view = stepFreeGraph(g, true);
          const path = findStreetPath(view, midPoint(view, a), midPoint(view, b), 'foot');
          // A piece of no length is standing still on the end's own edge.
          for (const p of path?.pieces ?? [])
            if (p.fromFraction !== p.toFraction)
              expect(g.edgeStepFree[p.edge]!).toBeLessThan(FIRST_BLOCKING_CODE);
          if (a !== b) expect(path !== null).toBe(reachableWithoutBlocked(g, a, b));
        },
      ),
      { numRuns: 300 },
    ));
});

const demo = demoPlanner('cairn-demo-step-free-property-');
const PLACES = [
  'Aviemore',
  'Kingussie',
  'Newtonmore',
  'Carrbridge',
  'Dalwhinnie',
  'Grantown-on-Spey',
  'Keith',
  'Dufftown',
  'Pitlochry',
  'Boat of Garten',
];
const has = (j: Journey, status: string) =>
  [...j.depart.steps, ...(j.return?.steps ?? [])].some((s) => s.step_free?.status === status);

describe('W02 step-free searches on the demo region', () => {
  it('label every walk and ride, and show a part known not step-free only when every option has one', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PLACES),
        fc.constantFrom(...PLACES),
        fc.integer({ min: 6, max: 18 }),
        async (from, to, hour) => {
          if (from === to) return;
          const js = await planBetween(demo.planner, from, to, {
            out_time: `2026/11/25 ${String(hour).padStart(2, '0')}:00:00`,
            step_free: true,
          });
          for (const j of js) {
            expect(j.step_free).toBeDefined();
            for (const s of j.depart.steps)
              if (s.type === 'walk' || s.stops !== undefined) expect(s.step_free).toBeDefined();
          }
          if (js.some((j) => !has(j, 'no'))) expect(js.filter((j) => has(j, 'no'))).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });
});
