// `npm run lighthouse`: Lighthouse's four category scores and core metrics for home, results and
// journey details on the demo (mobile profile, simulated slow 4G), in the system's Chromium. A
// measurement, not a gate. Needs the web build and the demo region; starts the app on a loopback port.
// LIGHTHOUSE_ONLY=home,journey measures some routes; LIGHTHOUSE_DETAILS=1 adds the costliest scripts;
// LIGHTHOUSE_REPORT_DIR=dir keeps the JSON reports there (long tasks, main-thread breakdown): each
// run's as page-runN.json, the median run's as page.json.
// LIGHTHOUSE_RUNS=n measures each page n times and shows the run of median performance, as
// Lighthouse advises, since one run on a shared machine varies by several points. A run Lighthouse
// could not score (a metric it failed to compute) is printed with its reason and run again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { measureOnDemo } from './demoApp.ts';

const APP_PORT = Number(process.env.LIGHTHOUSE_APP_PORT ?? 8181);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9231);
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  ['total-byte-weight', 'bytes'],
] as const;

/**
 * Why Lighthouse gave a run no performance score, or undefined when it did: a run-time error, or a
 * weighted metric it could not compute (its category score is then null, not a low score).
 */
function unscored(lhr: Result): string | undefined {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const category = lhr.categories['performance'];
  if (typeof category?.score === 'number') return undefined;
  const missing = (category?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score == null)
    .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.errorMessage ?? 'no score'}`);
  return missing.join('; ') || 'no performance score';
}

await measureOnDemo(APP_PORT, [`--remote-debugging-port=${DEBUG_PORT}`], async (_browser, routes) => {
  console.log('| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | SI | bytes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const only = process.env.LIGHTHOUSE_ONLY?.split(',');
  for (const [name, url] of Object.entries(routes)) {
    if (only && !only.includes(name)) continue;
    const runs: Result[] = [];
    const notMeasured: string[] = [];
    let last: Result | undefined;
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    // A run Lighthouse could not score is reported and replaced, up to RUNS times, rather than
    // counted as 0: a 0 among five would pull the median down for a failure to measure.
    for (let attempt = 1; runs.length < RUNS && attempt <= 2 * RUNS; attempt++) {
      const result = await lighthouse(url, {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const why = unscored(result!.lhr);
      if (why) {
        console.log(`|   ${name}: run ${attempt} not measured (${why}) |`);
        notMeasured.push(why);
      } else runs.push(result!.lhr);
      if (reportDir)
        writeFileSync(join(reportDir, `${name}-run${attempt}.json`), JSON.stringify(result!.lhr));
      last = result!.lhr;
    }
    // None scored: the last run is shown, with its reason below.
    if (runs.length === 0 && last) runs.push(last);
    const performance = (r: Result) => r.categories['performance']?.score ?? 0;
    runs.sort((a, b) => performance(a) - performance(b));
    const lhr = runs[Math.floor((runs.length - 1) / 2)]!;
    if (RUNS > 1) {
      const scores = runs.map((r) => Math.round(performance(r) * 100));
      const failed = notMeasured.length > 0 ? `, ${notMeasured.length} more not measured` : '';
      console.log(
        `|   ${name}: performance over ${runs.length} runs: ${scores.join(', ')} (median shown${failed}) |`,
      );
    }
    if (reportDir) writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError)
      console.log(`|   ${name}: Lighthouse could not measure: ${lhr.runtimeError.message} |`);
    const fcpError = lhr.audits['first-contentful-paint']?.errorMessage;
    if (fcpError) console.log(`|   ${name}: no paint measured (scores shown as 0): ${fcpError} |`);
    if (process.env.LIGHTHOUSE_DETAILS) {
      const tasks = lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] };
      for (const item of (tasks?.items ?? []).slice(0, 5))
        console.log(`|   main thread ${Math.round(item.total)} ms: ${item.url} |`);
    }
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const metrics = METRICS.map(([id, label]) => {
      const audit = lhr.audits[id];
      if (label === 'bytes') return `${Math.round((audit?.numericValue ?? 0) / 1024)} KiB`;
      return audit?.displayValue ?? '?';
    });
    console.log(`| ${name} | ${[...scores, ...metrics].join(' | ')} |`);
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    );
    if (failing.length > 0) console.log(`|   ${name}: audits below full marks: ${failing.join(', ')} |`);
  }
});
