import type { FeedWarning } from '../../gtfs/warnings.ts';

/*
 * What the region data checks say, in one shape for every source: region.json, the GTFS reader,
 * the timetable checks here, and any other feed reader (a TransXChange or CIF reader reports its
 * rows the same way). A finding names the check, the feed, the file, the 1-based line (0 for the
 * whole file) and the field, so an operator can open the file at the right place.
 */

/** One problem an operator can fix. */
export interface DataFinding extends FeedWarning {
  /** Which check found it (a row of the README's table of data checks). */
  check: string;
}

/** Findings grouped per check, with counts, for a short report. */
export interface DataReport {
  findings: DataFinding[];
  /** Lines of facts that are not problems (the share of stops near a street, the service period). */
  notes: string[];
}

/** Whether any finding stops the build. */
export function hasErrors(report: DataReport): boolean {
  return report.findings.some((f) => f.severity === 'error');
}

/**
 * The report as lines: errors first, then warnings, each check once with its count and its first
 * `examples` findings ("bus: stops.txt line 12 field stop_lat: …"), then the notes.
 */
export function formatReport(
  report: DataReport,
  titles: Readonly<Record<string, string>> = {},
  examples = 3,
): string[] {
  const lines: string[] = [];
  for (const severity of ['error', 'warning'] as const) {
    const byCheck = new Map<string, DataFinding[]>();
    // Pushed onto one list per check: copying the list on each finding was quadratic, minutes of a
    // GB-size region's start for its 200,000 walk-detour warnings (README "Great-Britain scale").
    for (const f of report.findings) {
      if (f.severity !== severity) continue;
      const list = byCheck.get(f.check);
      if (list) list.push(f);
      else byCheck.set(f.check, [f]);
    }
    for (const [check, list] of byCheck) {
      lines.push(`${severity}: ${titles[check] ?? check} (${list.length}) [${check}]`);
      for (const f of list.slice(0, examples)) lines.push(`    ${whereOf(f)}: ${f.message}`);
      if (list.length > examples) lines.push(`    … ${list.length - examples} more`);
    }
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  return lines;
}

/** "bus: stops.txt line 12 field stop_lat". */
function whereOf(f: DataFinding): string {
  const feed = f.feed ? `${f.feed}: ` : '';
  const line = f.line > 0 ? ` line ${f.line}` : '';
  const field = f.field ? ` field ${f.field}` : '';
  return `${feed}${f.file}${line}${field}`;
}
