/** A problem found in a feed, named precisely enough for an operator to fix it. */
export interface FeedWarning {
  /** Feed id the file belongs to. */
  feed: string;
  file: string;
  /** 1-based line in the file; 0 when the problem concerns the whole file. */
  line: number;
  field: string;
  message: string;
  /** 'error' means the feed could not be used; 'warning' means a row was skipped or repaired. */
  severity: 'error' | 'warning';
}

/** Collects warnings, keeping every error but only the first few of each (file, field, message) kind. */
export class WarningLog {
  readonly list: FeedWarning[] = [];
  /** Count of warnings per `file:field:message`, including the ones not kept in `list`. */
  readonly counts = new Map<string, number>();
  readonly feed: string;
  readonly keepPerKind: number;

  constructor(feed: string, keepPerKind = 20) {
    this.feed = feed;
    this.keepPerKind = keepPerKind;
  }

  add(
    file: string,
    line: number,
    field: string,
    message: string,
    severity: 'error' | 'warning' = 'warning',
  ): void {
    const key = `${file}:${field}:${message}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    if (severity === 'error' || n <= this.keepPerKind)
      this.list.push({ feed: this.feed, file, line, field, message, severity });
  }

  get hasErrors(): boolean {
    return this.list.some((w) => w.severity === 'error');
  }
}

/** One-line human form: "rnv: stop_times.txt line 12 field arrival_time: not a time". */
export function formatWarning(w: FeedWarning): string {
  const where = w.line > 0 ? ` line ${w.line}` : '';
  const field = w.field ? ` field ${w.field}` : '';
  // A finding about region.json rather than a feed has no feed to name.
  return `${w.feed ? `${w.feed}: ` : ''}${w.file}${where}${field}: ${w.message}`;
}
