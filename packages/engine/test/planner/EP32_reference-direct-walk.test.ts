// Feature under test: the planner reference's direct walk follows plan()'s own limits: within
// WALK_DIRECT_M straight line and at most MAX_WALK_SEC on foot (modes/walk.ts checkWalkLeg), and
// not half an hour or more on unlit rural roads outside daylight (checkDarkRuralWalk). At a
// twentieth of GB (issue 32) the reference counted a walk of 2 h 05 min that plan() never offers,
// and called the search "missing"; it counted hour-long walks along a glen at night the same way.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { DARK_RURAL_WALK_MAX_SEC, MAX_WALK_SEC } from '../../src/modes/walk.ts';
import type { Settlement } from '../../src/places/types.ts';
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
    expect(directWalkSec(net, [], from, to, { startSec: noon })).toBeUndefined();
  });

  it('counts a walk of under two hours, timed along the streets', () => {
    const from = place('Glen house', 0, 0);
    const to = place('Glen head', 0, 5000);
    const sec = directWalkSec(net, [], from, to, { startSec: noon });
    expect(sec).toBeGreaterThan(3000);
    expect(sec).toBeLessThanOrEqual(MAX_WALK_SEC);
  });
});

describe('the planner reference: a direct walk in the dark', () => {
  const from = place('Glen house', 0, 0);
  const to = place('Glen head', 0, 5000);
  // 18:00 UTC on 2 December: an hour and a half after sunset in Strathspey.
  const evening = Date.UTC(2026, 11, 2, 18) / 1000;
  const settlement = (placeType: Settlement['placeType'], x: number, y: number): Settlement => ({
    osmId: `node/${x}-${y}`,
    name: `A ${placeType}`,
    placeType,
    population: null,
    ...at(x, y),
  });

  it('counts no walk of half an hour or more after dusk on unlit roads, as plan() offers none', () => {
    const hamletOnly = [settlement('hamlet', 300, 2500), settlement('town', 20_000, 20_000)];
    const day = directWalkSec(net, hamletOnly, from, to, { startSec: noon });
    expect(day).toBeGreaterThan(DARK_RURAL_WALK_MAX_SEC);
    expect(directWalkSec(net, hamletOnly, from, to, { startSec: evening })).toBeUndefined();
    // Arrive-by, the walk is timed back from the deadline: by 16:40 it sets off before sunset
    // (about 15:37) and ends after civil dusk (about 16:23), so not all in daylight; by noon it is.
    const dusk = Date.UTC(2026, 11, 2, 16, 40) / 1000;
    expect(directWalkSec(net, hamletOnly, from, to, { endSec: dusk })).toBeUndefined();
    expect(directWalkSec(net, hamletOnly, from, to, { endSec: Date.UTC(2026, 11, 2, 12) / 1000 })).toBe(day);
  });

  it('counts it through a lit town, and anywhere when the region has no settlements', () => {
    const town = [settlement('town', 0, 2500)];
    expect(directWalkSec(net, town, from, to, { startSec: evening })).toBeGreaterThan(
      DARK_RURAL_WALK_MAX_SEC,
    );
    expect(directWalkSec(net, [], from, to, { startSec: evening })).toBeGreaterThan(DARK_RURAL_WALK_MAX_SEC);
  });
});
