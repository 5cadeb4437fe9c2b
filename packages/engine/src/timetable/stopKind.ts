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
