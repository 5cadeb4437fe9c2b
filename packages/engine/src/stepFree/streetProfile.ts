import { FIRST_BLOCKING_CODE } from '../osm/stepFreeTags.ts';
import { MODE_BIT } from '../osm/wayAccess.ts';
import { WALK_MPS } from '../figures/planningFigures.ts';
import { edgeHighwayClass, MODE_INDEX } from '../streets/graph.ts';
import type { StreetGraph } from '../streets/graph.ts';
import type { PathPiece } from '../streets/search.ts';
import { buildSnapIndex } from '../streets/snap.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';

/*
 * The step-free street profile (issue #19): walking on a copy of the graph where every edge known
 * not to be step-free (steps, raised kerbs, steep or rough stretches, stiles) is closed to walkers
 * and walking is slower. Edges not known either way stay open; their walks are labelled unknown.
 * Cars and bicycles are untouched, so the car hierarchy and landmarks of the network are shared.
 */

/**
 * Planning speed of a step-free walk: 3 km/h, our own figure below the 4.8 km/h walk, since
 * manual wheelchairs, pushchairs and heavy luggage go slower and rest more than a walker.
 */
export const STEP_FREE_MPS = 3 / 3.6;
/** How many times longer a step-free walk takes than a walk (streets and changes between stops). */
export const STEP_FREE_WALK_FACTOR = WALK_MPS / STEP_FREE_MPS;

const views = new WeakMap<StreetNetwork, Map<boolean, StreetNetwork>>();

/**
 * The network a step-free search walks on: `blocks` closes the edges known not to be step-free
 * (the step-free search); without it every edge stays open at the slower speed, for the labelled
 * fallback when nothing step-free is found. Built once per network and choice.
 */
export function stepFreeNetwork(net: StreetNetwork, blocks: boolean): StreetNetwork {
  let byChoice = views.get(net);
  if (!byChoice) views.set(net, (byChoice = new Map()));
  let view = byChoice.get(blocks);
  if (!view) {
    const graph = stepFreeGraph(net.graph, blocks);
    view = { ...net, graph, snap: buildSnapIndex(graph) };
    byChoice.set(blocks, view);
  }
  return view;
}

/** A copy of the graph for step-free walking (shares every array walking does not change). */
export function stepFreeGraph(g: StreetGraph, blocks: boolean): StreetGraph {
  const E = g.edgeCount;
  const foot = MODE_BIT.foot;
  const off = MODE_INDEX.foot * E;
  const closed = (e: number): boolean => blocks && g.edgeStepFree[e]! >= FIRST_BLOCKING_CODE;
  const edgeForward = Uint8Array.from(g.edgeForward, (m, e) => (closed(e) ? m & ~foot : m));
  const edgeBackward = Uint8Array.from(g.edgeBackward, (m, e) => (closed(e) ? m & ~foot : m));
  const arcModes = Uint8Array.from(g.arcModes, (m, a) => (closed(g.arcEdge[a]!) ? m & ~foot : m));
  const edgeCostSec = Float32Array.from(g.edgeCostSec);
  const edgeCostReverseSec = Float32Array.from(g.edgeCostReverseSec);
  let footTopMps = 0;
  for (let e = 0; e < E; e++) {
    // A ferry crossing takes its own time, however the traveller walks.
    if (edgeHighwayClass(g, e) !== 'ferry') {
      edgeCostSec[off + e]! *= STEP_FREE_WALK_FACTOR;
      edgeCostReverseSec[off + e]! *= STEP_FREE_WALK_FACTOR;
    }
    const cost = Math.min(edgeCostSec[off + e]!, edgeCostReverseSec[off + e]!);
    if ((edgeForward[e]! | edgeBackward[e]!) & foot && cost > 0)
      footTopMps = Math.max(footTopMps, g.edgeLengthM[e]! / cost);
  }
  const maxSpeedMps = Float64Array.from(g.maxSpeedMps);
  maxSpeedMps[MODE_INDEX.foot] = footTopMps;
  return {
    ...g,
    edgeForward,
    edgeBackward,
    arcModes,
    edgeCostSec,
    edgeCostReverseSec,
    maxSpeedMps,
    stepFreeProfile: { blocks },
  };
}

/** The worst STEP_FREE_CODES index over the edges a path runs along. */
export function pathStepFreeCode(g: StreetGraph, pieces: readonly PathPiece[]): number {
  let worst = 0;
  for (const p of pieces) worst = Math.max(worst, g.edgeStepFree[p.edge]!);
  return worst;
}
