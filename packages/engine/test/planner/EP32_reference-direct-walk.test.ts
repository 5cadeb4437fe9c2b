// Feature under test: the planner reference's direct walk follows plan()'s own limits: within
// WALK_DIRECT_M straight line and at most MAX_WALK_SEC on foot (modes/walk.ts checkWalkLeg). At a
// twentieth of GB (issue 32) the reference counted a walk of 2 h 05 min that plan() never offers,
// and called the search "missing".
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { MAX_WALK_SEC } from '../../src/modes/walk.ts';
import { createStreetNetwork } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { crowM, directWalkSec, PLANNER_LIMITS } from './reference/plannerReference.ts';

// Two houses 5 km apart as the crow flies, the only road between them going 5 km up the glen,
// across and back down (15 km); the first 5 km of it lead to a third house straight up the glen.
const net = createStreetNetwork(
  loadOsmXml(
    osmXml({ a: { x: 0, y: 0 }, c: { x: 0, y: 5000 }, d: { x: 5000, y: 5000 }, b: { x: 5000, y: 0 } }, [
      { nodes: ['a', 'c', 'd', 'b'], tags: { highway: 'unclassified', name: 'Glen Road' } },
    ]),
  ).graph,
);
const place = (name: string, x: number, y: number) => ({ name, ...at(x, y) });
// Midday on a June Monday: daylight, so no rule for walking in the dark applies.
const noon = Date.UTC(2026, 5, 1, 11) / 1000;

describe('the planner reference: a direct walk', () => {
  it('counts only walks plan() offers: none over two hours, however close the ends', () => {
    const from = place('Glen house', 0, 0);
    const to = place('Glen farm', 5000, 0);
    expect(crowM(from, to)).toBeLessThan(PLANNER_LIMITS.directWalkM);
    expect(PLANNER_LIMITS.directWalkMaxSec).toBe(MAX_WALK_SEC);
    expect(directWalkSec(net, from, to, noon)).toBeUndefined();
  });

  it('counts a walk of under two hours, timed along the streets', () => {
    const from = place('Glen house', 0, 0);
    const to = place('Glen head', 0, 5000);
    const sec = directWalkSec(net, from, to, noon);
    expect(sec).toBeGreaterThan(3000);
    expect(sec).toBeLessThanOrEqual(MAX_WALK_SEC);
  });
});
