// `node packages/web/scripts/mainThreadTasks.ts`: the main-thread tasks of home, results and journey
// details on the demo, timed by the thread's own CPU time instead of the clock, so the figures hold
// on a machine busy with other work (Lighthouse times tasks by the clock: on this shared machine a
// task waiting for a core counts as blocking). Each task is scaled by Lighthouse's mobile CPU
// slowdown (4×) and what it blocks beyond 50 ms is summed, as total blocking time is. Needs the web
// build and the demo region. MAIN_THREAD_RUNS=n (default 3) runs per page, MAIN_THREAD_ONLY=journey
// measures some pages; the tasks of each page's median run are listed with what ran inside them.
import { measureOnDemo } from './demoApp.ts';
import { pageMainThreadEvents, type TraceEvent } from './pageMainThread.ts';

const APP_PORT = Number(process.env.MAIN_THREAD_APP_PORT ?? 8182);
const RUNS = Math.max(1, Number(process.env.MAIN_THREAD_RUNS ?? 3));
/** Lighthouse's mobile profile slows the CPU four times (its `cpuSlowdownMultiplier`). */
const SLOWDOWN = 4;
/** A task blocks input for what it takes beyond 50 ms (the definition of total blocking time). */
const BLOCKING_AFTER_MS = 50;
/** Tasks shorter than this, slowed down, cannot block: left out of the listing. */
const LISTED_FROM_MS = BLOCKING_AFTER_MS / SLOWDOWN;

type Run = { blockingMs: number; tasks: string[] };

/** Thread time of an event in milliseconds. */
const cpuMs = (e: TraceEvent) => (e.tdur ?? 0) / 1000;

/** What ran directly inside a task, each with its thread time: "v8.evaluateModule 38.1". */
function insideOf(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inner = events.filter(
    (e) =>
      e !== task &&
      !e.name.includes('RunTask') &&
      e.ts >= task.ts &&
      e.ts + (e.dur ?? 0) <= end &&
      cpuMs(e) > 1.5,
  );
  const outermost = inner.filter(
    (e) =>
      !inner.some(
        (o) =>
          o !== e &&
          o.ts <= e.ts &&
          o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
          (o.dur ?? 0) > (e.dur ?? 0),
      ),
  );
  return outermost
    .map((e) => {
      const data = e.args?.data;
      const what = data?.functionName || data?.url?.split('/').pop() || data?.type || '';
      return `${e.name}${what ? ` (${what})` : ''} ${cpuMs(e).toFixed(1)}`;
    })
    .join(', ');
}

await measureOnDemo(APP_PORT, [], async (browser, routes) => {
  const only = process.env.MAIN_THREAD_ONLY?.split(',');
  for (const [name, url] of Object.entries(routes)) {
    if (only && !only.includes(name)) continue;
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A phone-sized fresh context each run: nothing cached, no service worker.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'],
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2_000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await context.close();
      const events = pageMainThreadEvents(trace.traceEvents, new URL(url).origin);
      const tasks = events.filter((e) => e.name === 'RunTask' && cpuMs(e) >= LISTED_FROM_MS);
      const start = tasks[0]?.ts ?? 0;
      runs.push({
        blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, cpuMs(t) * SLOWDOWN - BLOCKING_AFTER_MS), 0),
        tasks: tasks.map(
          (t) =>
            `at ${Math.round((t.ts - start) / 1000)} ms, ${cpuMs(t).toFixed(1)} ms: ${insideOf(t, events)}`,
        ),
      });
    }
    runs.sort((a, b) => a.blockingMs - b.blockingMs);
    const median = runs[Math.floor((runs.length - 1) / 2)]!;
    const all = runs.map((r) => Math.round(r.blockingMs)).join(', ');
    console.log(
      `${name}: blocking at ${SLOWDOWN}× from thread time ${Math.round(median.blockingMs)} ms (runs: ${all})`,
    );
    for (const task of median.tasks) console.log(`  ${task}`);
  }
});
