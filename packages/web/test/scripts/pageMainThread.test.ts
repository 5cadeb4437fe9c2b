import { describe, expect, it } from 'vitest';
import { pageMainThreadEvents, type TraceEvent } from '../../scripts/pageMainThread.ts';

const ORIGIN = 'http://127.0.0.1:8182';

/** The events of one renderer whose main thread parsed `url` and ran a script taking `cpuUs`. */
function renderer(pid: number, url: string, cpuUs: number): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', pid, tid: pid, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'ParseHTML', ph: 'X', pid, tid: pid, ts: 10, dur: 5, tdur: 5, args: { beginData: { url } } },
    { name: 'RunTask', ph: 'X', pid, tid: pid, ts: 20, dur: cpuUs, tdur: cpuUs },
    { name: 'FunctionCall', ph: 'X', pid, tid: pid, ts: 21, dur: cpuUs - 2, tdur: cpuUs - 2 },
  ];
}

describe('the page main thread of a trace', () => {
  it("is the page's renderer even when the browser's address-bar popup ran scripts first", () => {
    const popup = renderer(7, 'chrome://omnibox-popup.top-chrome/', 90_000);
    const page = renderer(9, `${ORIGIN}/search/abc/results/j1`, 40_000);
    const events = pageMainThreadEvents([...popup, ...page], ORIGIN);
    expect(events.map((e) => e.pid)).toEqual([9, 9, 9]);
    expect(events.find((e) => e.name === 'RunTask')?.tdur).toBe(40_000);
  });

  it('is the home page too, and no thread when the trace holds no page of the origin', () => {
    const home = renderer(4, `${ORIGIN}/`, 30_000);
    expect(pageMainThreadEvents(home, ORIGIN)).toHaveLength(3);
    expect(pageMainThreadEvents(home, 'http://127.0.0.1:8183')).toEqual([]);
    expect(pageMainThreadEvents(renderer(5, 'http://127.0.0.1:81820/', 1), ORIGIN)).toEqual([]);
  });
});
