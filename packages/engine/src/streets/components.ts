import { MODE_INDEX } from './graph.ts';
import type { StreetGraph } from './graph.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

const components = new WeakMap<StreetGraph, Int32Array[]>();

/**
 * Undirected connected component id of every vertex for a mode (computed once per graph and
 * mode). One-way streets still connect their ends here; ends in different components can
 * never be joined by a route.
 */
export function componentsOf(g: StreetGraph, mode: StreetMode): Int32Array {
  let all = components.get(g);
  if (!all) {
    all = [];
    components.set(g, all);
  }
  const m = MODE_INDEX[mode];
  let comp = all[m];
  if (comp) return comp;
  comp = new Int32Array(g.vertexCount).fill(-1);
  const bit = MODE_BIT[mode];
  const stack: number[] = [];
  let id = 0;
  for (let s = 0; s < g.vertexCount; s++) {
    if (comp[s] !== -1) continue;
    comp[s] = id;
    stack.push(s);
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (let i = g.outStart[v]!; i < g.outStart[v + 1]!; i++) {
        const w = g.arcHead[i]!;
        if (g.arcModes[i]! & bit && comp[w] === -1) {
          comp[w] = id;
          stack.push(w);
        }
      }
      for (let i = g.inStart[v]!; i < g.inStart[v + 1]!; i++) {
        const a = g.inArcs[i]!;
        const w = g.arcTail[a]!;
        if (g.arcModes[a]! & bit && comp[w] === -1) {
          comp[w] = id;
          stack.push(w);
        }
      }
    }
    id++;
  }
  all[m] = comp;
  return comp;
}

/** Number of vertices in each component of `componentsOf`. */
export function componentSizes(comp: Int32Array): Int32Array {
  let n = 0;
  for (const c of comp) n = Math.max(n, c + 1);
  const sizes = new Int32Array(n);
  for (const c of comp) sizes[c]!++;
  return sizes;
}
