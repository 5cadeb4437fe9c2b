// Feature under test: the step-free street profile avoids steps, kerbs, steep and rough stretches, takes the detour, finds nothing when only steps lead there, and labels unknown paths (issue #19).
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { nodeStepFree, STEP_FREE_CODES, wayStepFree } from '../../src/osm/stepFreeTags.ts';
import { createStreetNetwork, MAX_SNAP_M, routeSnapped } from '../../src/streets/streetNetwork.ts';
import type { StreetNetwork } from '../../src/streets/streetNetwork.ts';
import { listSnapPoints } from '../../src/streets/snap.ts';
import { pathStepFreeCode, stepFreeNetwork } from '../../src/stepFree/streetProfile.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import type { FixtureWay } from '../support/osmFixture.ts';

//   a ——— steps (80 m) ——— b        the short way from a to b climbs steps;
//   |                      |        the detour a-c-d-b is paved and longer (ends further
//   c ——— pavement ——————— d        apart than a walker's links to nearby ways, streets/snap.ts)
const NODES = {
  a: { x: 0, y: 100 },
  b: { x: 80, y: 100 },
  c: { x: 0, y: 0 },
  d: { x: 80, y: 0 },
};
const DETOUR: FixtureWay[] = [
  { nodes: ['a', 'c'], tags: { highway: 'footway', surface: 'asphalt' } },
  { nodes: ['c', 'd'], tags: { highway: 'footway', surface: 'asphalt' } },
  { nodes: ['d', 'b'], tags: { highway: 'footway', surface: 'asphalt' } },
];

function network(
  ways: FixtureWay[],
  nodes: Record<string, { x: number; y: number; tags?: Record<string, string> }> = NODES,
): StreetNetwork {
  return createStreetNetwork(loadOsmXml(osmXml(nodes, ways)).graph, { carHierarchy: false });
}

/** The walk from a to b on a network, with the worst step-free code of its edges. */
function walk(net: StreetNetwork, from = NODES.a, to = NODES.b) {
  const p = at(from.x, from.y);
  const q = at(to.x, to.y);
  const path = routeSnapped(
    net,
    listSnapPoints(net.snap, p.lat, p.lon, 'foot', MAX_SNAP_M),
    listSnapPoints(net.snap, q.lat, q.lon, 'foot', MAX_SNAP_M),
    'foot',
  );
  return path && { ...path, code: STEP_FREE_CODES[pathStepFreeCode(net.graph, path.pieces)] };
}

describe('W01 step-free street profile', () => {
  it('takes the steps on an ordinary walk, and the longer paved detour step-free', () => {
    const net = network([{ nodes: ['a', 'b'], tags: { highway: 'steps' } }, ...DETOUR]);
    const plain = walk(net)!;
    expect(plain.distanceM).toBeCloseTo(80, 0);
    expect(plain.code).toBe('steps');
    const stepFree = walk(stepFreeNetwork(net, true))!;
    expect(stepFree.distanceM).toBeCloseTo(280, 0);
    expect(stepFree.code).toBe('step-free');
  });

  it('finds no step-free path when only steps lead there', () => {
    const net = network([{ nodes: ['a', 'b'], tags: { highway: 'steps' } }]);
    expect(walk(net)).not.toBeNull();
    expect(walk(stepFreeNetwork(net, true))).toBeNull();
  });

  it('walks steps with a wheelchair ramp', () => {
    const net = network([
      { nodes: ['a', 'b'], tags: { highway: 'steps', 'ramp:wheelchair': 'yes' } },
      ...DETOUR,
    ]);
    expect(walk(stepFreeNetwork(net, true))!.distanceM).toBeCloseTo(80, 0);
  });

  it.each([
    ['a raised kerb', { highway: 'footway', surface: 'asphalt' }, { kerb: 'raised' }],
    ['a stile', { highway: 'footway', surface: 'asphalt' }, { barrier: 'stile' }],
    ['a slope steeper than 1:12', { highway: 'footway', surface: 'asphalt', incline: '12%' }, undefined],
    ['a gravel surface', { highway: 'path', surface: 'gravel' }, undefined],
    ['wheelchair=no', { highway: 'footway', surface: 'asphalt', wheelchair: 'no' }, undefined],
  ])('goes round %s', (_name, tags, midTags) => {
    const nodes = { ...NODES, m: { x: 40, y: 100, ...(midTags ? { tags: midTags } : {}) } };
    const net = network([{ nodes: ['a', 'm', 'b'], tags }, ...DETOUR], nodes);
    expect(walk(net)!.distanceM).toBeCloseTo(80, 0);
    expect(walk(stepFreeNetwork(net, true))!.distanceM).toBeCloseTo(280, 0);
  });

  it('crosses a lowered kerb and a gentle slope', () => {
    const nodes = { ...NODES, m: { x: 40, y: 100, tags: { barrier: 'kerb', kerb: 'lowered' } } };
    const net = network(
      [
        { nodes: ['a', 'm', 'b'], tags: { highway: 'footway', surface: 'asphalt', incline: '5%' } },
        ...DETOUR,
      ],
      nodes,
    );
    const found = walk(stepFreeNetwork(net, true))!;
    expect(found.distanceM).toBeCloseTo(80, 0);
    expect(found.code).toBe('step-free');
  });

  it('walks a path of unmapped surface, labelled not known, rather than guessing', () => {
    const net = network([{ nodes: ['a', 'b'], tags: { highway: 'path' } }]);
    const found = walk(stepFreeNetwork(net, true))!;
    expect(found.code).toBe('unknown-surface');
  });

  it('walks slower than an ordinary walk on the same path', () => {
    const net = network(DETOUR);
    expect(walk(stepFreeNetwork(net, true))!.durationSec).toBeGreaterThan(walk(net)!.durationSec * 1.4);
  });

  it('keeps every edge open without blocking, for the labelled fallback', () => {
    const net = network([{ nodes: ['a', 'b'], tags: { highway: 'steps' } }]);
    expect(walk(stepFreeNetwork(net, false))!.code).toBe('steps');
  });
});

describe('W01 OSM tags read for step-free travel', () => {
  it.each([
    [{ highway: 'residential' }, 'step-free'],
    [{ highway: 'footway' }, 'unknown-surface'],
    [{ highway: 'footway', surface: 'paving_stones' }, 'step-free'],
    [{ highway: 'path', wheelchair: 'yes' }, 'step-free'],
    [{ highway: 'track', surface: 'dirt' }, 'surface'],
    [{ highway: 'footway', surface: 'asphalt', smoothness: 'very_bad' }, 'surface'],
    [{ highway: 'steps' }, 'steps'],
    [{ highway: 'footway', incline: 'up' }, 'unknown-surface'],
    [{ highway: 'footway', surface: 'asphalt', incline: '-10%' }, 'incline'],
  ] as const)('way %j is %s', (tags, code) => expect(wayStepFree(tags)).toBe(code));

  it.each([
    [{ barrier: 'kerb' }, 'unknown-kerb'],
    [{ barrier: 'kerb', kerb: 'flush' }, 'step-free'],
    [{ kerb: 'raised' }, 'kerb'],
    [{ kerb: 'rolled' }, 'unknown-kerb'],
    [{ barrier: 'kissing_gate' }, 'barrier'],
    [{ highway: 'elevator' }, 'step-free'],
    [{ highway: 'elevator', wheelchair: 'no' }, 'marked-no'],
    [{ amenity: 'bench' }, 'step-free'],
  ] as const)('node %j is %s', (tags, code) => expect(nodeStepFree(tags)).toBe(code));
});
