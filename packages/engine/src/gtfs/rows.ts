import { parseCsv } from './csv.ts';
import type { GtfsSource } from './source.ts';
import type { WarningLog } from './warnings.ts';

/** A row's field by column name: trimmed, '' when the column or the field is absent. */
export type Row = (name: string) => string;

/**
 * Reads one file of the feed row by row, giving a lookup by column name. Missing required columns
 * are errors; returns false when the file is absent or cannot be used.
 */
export function eachRow(
  source: GtfsSource,
  log: WarningLog,
  file: string,
  required: string[],
  onRow: (get: Row, line: number) => void,
  missingIsError = true,
): boolean {
  const text = source.read(file);
  if (text === undefined) {
    if (missingIsError) log.add(file, 0, '', 'required file is missing', 'error');
    return false;
  }
  let usable = true;
  let index = new Map<string, number>();
  let fields: string[] = [];
  const get: Row = (name) => {
    const i = index.get(name);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  parseCsv(text, {
    header(names) {
      index = new Map(names.map((n, i) => [n, i]));
      for (const r of required) {
        if (!index.has(r)) {
          log.add(file, 1, r, 'required column is missing', 'error');
          usable = false;
        }
      }
    },
    row(f, line) {
      if (!usable) return;
      fields = f;
      onRow(get, line);
    },
  });
  return usable;
}

/** An integer field: `fallback` when empty, NaN when not an integer. */
export function parseIntField(text: string, fallback: number): number {
  if (text === '') return fallback;
  const v = Number(text);
  return Number.isInteger(v) ? v : Number.NaN;
}

/** A whole number from a field, or undefined when empty or not an integer. */
export function parseOptionalInt(text: string): number | undefined {
  if (text === '') return undefined;
  const v = Number(text);
  return Number.isInteger(v) ? v : undefined;
}

/** A price field ("2.50") in pence; undefined when empty, not a number, or negative unless allowed. */
export function parseAmountPence(text: string, allowNegative = false): number | undefined {
  const v = Number(text);
  return text === '' || !Number.isFinite(v) || (v < 0 && !allowNegative) ? undefined : Math.round(v * 100);
}
