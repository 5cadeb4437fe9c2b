// Feature under test: ALT landmark bounds never exceed the true travel time between two vertices.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { allVertexCosts, buildLandmarks, landmarkLowerBound } from '../../src/streets/landmarks.ts';
import { osmXml } from '../support/osmFixture.ts';
import type { FixtureNode, FixtureWay } from '../support/osmFixture.ts';

// A 6×6 grid town with one-way rows and a fast ring road, so car bounds are not symmetric.
const nodes: Record<string, FixtureNode> = {};
for (let r = 0; r < 6; r++) for (let c = 0; c < 6; c++) nodes[`n${r}_${c}`] = { x: c * 150, y: r * 150 };
const ways: FixtureWay[] = [];
for (let r = 0; r < 6; r++) {
  const row = [0, 1, 2, 3, 4, 5].map((c) => `n${r}_${c}`);
  ways.push({
    nodes: row,
    tags:
      r === 0 || r === 5
        ? { highway: 'primary', maxspeed: '50 mph' }
        : { highway: 'residential', oneway: r % 2 ? 'yes' : '-1' },
  });
  ways.push({
    nodes: [0, 1, 2, 3, 4, 5].map((x) => `n${x}_${r}`),
    tags: { highway: r === 0 || r === 5 ? 'primary' : 'residential' },
  });
}
const g = loadOsmXml(osmXml(nodes, ways)).graph;

describe('landmark lower bounds', () => {
  for (const mode of ['car', 'bicycle', 'foot'] as const) {
    it(`are admissible for every vertex pair (${mode})`, () => {
      const lm = buildLandmarks(g, mode, 4);
      expect(lm.count).toBe(4);
      let tight = 0;
      for (let v = 0; v < g.vertexCount; v++) {
        const exact = allVertexCosts(g, mode, v, 'from');
        for (let u = 0; u < g.vertexCount; u++) {
          const lb = landmarkLowerBound(lm, v, u);
          expect(lb).toBeLessThanOrEqual(exact[u]! + 1e-9);
          if (exact[u]! > 0 && lb > 0.5 * exact[u]!) tight++;
        }
      }
      // Useful as well as safe: many bounds are within a factor of two of the truth.
      expect(tight).toBeGreaterThan(g.vertexCount * 5);
    });
  }
});
