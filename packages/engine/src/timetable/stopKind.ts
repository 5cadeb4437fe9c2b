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
