import type { Timetable } from './timetable.ts';

/** Whether people call a stop a station (a train or funicular calls there) or a stop (buses, ferries and the rest). */
export function stopKindOf(tt: Timetable, stop: number): 'station' | 'stop' {
  const a = tt.a;
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++) {
    const line = tt.meta.lines[a.patternLine[a.stopPatterns[i] ?? 0] ?? -1];
    if (line?.mode === 'train' || line?.mode === 'funicular') return 'station';
  }
  return 'stop';
}

/** The short names of the lines calling at a stop ('G', '34'; the long name when a line has no short one), each once. */
export function listStopLines(tt: Timetable, stop: number): string[] {
  const a = tt.a;
  const names = new Set<string>();
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++) {
    const line = tt.meta.lines[a.patternLine[a.stopPatterns[i] ?? 0] ?? -1];
    const name = line?.shortName || line?.longName;
    if (name) names.add(name);
  }
  return [...names];
}

/** The lines calling at a stop, by their index in `meta.lines`, each once. */
export function listStopLineIndexes(tt: Timetable, stop: number): number[] {
  const a = tt.a;
  const lines = new Set<number>();
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++)
    lines.add(a.patternLine[a.stopPatterns[i] ?? 0] ?? -1);
  return [...lines];
}

/** The runs calling at a stop over the whole timetable (every trip of every pattern through it, each service day's variant counted once). */
export function countStopCalls(tt: Timetable, stop: number): number {
  const a = tt.a;
  let calls = 0;
  for (let i = a.stopPatternOffsets[stop] ?? 0; i < (a.stopPatternOffsets[stop + 1] ?? 0); i++) {
    const p = a.stopPatterns[i] ?? 0;
    calls += (a.patternTripOffsets[p + 1] ?? 0) - (a.patternTripOffsets[p] ?? 0);
  }
  return calls;
}
