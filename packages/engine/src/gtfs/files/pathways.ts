import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsStop } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** pathway_mode values a wheelchair can use: walkway, moving sidewalk, elevator, fare gate, exit gate (not stairs 2, escalator 4). */
const STEP_FREE_MODES = new Set([1, 3, 5, 6, 7]);

/**
 * pathways.txt (optional): fills in the step-free access of platforms whose stops.txt row leaves
 * `wheelchair_boarding` empty, in stations whose entrances the file links (issue #19). A platform
 * reached from an entrance without stairs or escalators is step-free (1); one reached only over
 * them is not (2). A value in stops.txt is never changed, and stations without pathways keep the
 * parent inheritance of readStops.
 */
export function applyPathways(
  source: GtfsSource,
  log: WarningLog,
  stops: GtfsStop[],
  stopById: ReadonlyMap<string, number>,
): void {
  const any = new Map<number, number[]>();
  const stepFree = new Map<number, number[]>();
  const link = (graph: Map<number, number[]>, a: number, b: number) => {
    let list = graph.get(a);
    if (!list) graph.set(a, (list = []));
    list.push(b);
  };
  eachRow(
    source,
    log,
    'pathways.txt',
    ['from_stop_id', 'to_stop_id', 'pathway_mode'],
    (get, line) => {
      const from = stopById.get(get('from_stop_id'));
      const to = stopById.get(get('to_stop_id'));
      if (from === undefined || to === undefined)
        return log.add('pathways.txt', line, 'from_stop_id', 'pathway between unknown stops; row skipped');
      const mode = parseIntField(get('pathway_mode'), 0);
      const both = parseIntField(get('is_bidirectional'), 0) === 1;
      for (const graph of STEP_FREE_MODES.has(mode) ? [any, stepFree] : [any]) {
        link(graph, from, to);
        if (both) link(graph, to, from);
      }
    },
    false,
  );
  if (any.size === 0) return;
  const entrances = stops.flatMap((s, i) => (s.locationType === 2 && any.has(i) ? [i] : []));
  const reached = (graph: Map<number, number[]>): Set<number> => {
    const seen = new Set(entrances);
    const queue = [...entrances];
    while (queue.length > 0)
      for (const next of graph.get(queue.pop()!) ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
    return seen;
  };
  const anyWay = reached(any);
  const noSteps = reached(stepFree);
  stops.forEach((s, i) => {
    if (s.locationType !== 0 || s.wheelchair !== 0 || !anyWay.has(i)) return;
    s.wheelchair = noSteps.has(i) ? 1 : 2;
  });
}
