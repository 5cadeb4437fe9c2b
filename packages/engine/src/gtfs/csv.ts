/**
 * A small RFC 4180 reader tuned for GTFS: a header row, then one callback per record with its
 * 1-based line number (so warnings can name the line). Lines without quotes take a fast split path,
 * which is nearly every line of a real stop_times.txt.
 */

export interface CsvRowSink {
  /** Called once with the trimmed header names. */
  header(names: string[]): void;
  /** Called per record; `fields` may be reused, so copy what you keep. */
  row(fields: string[], line: number): void;
}

/** Parses CSV text (BOM, CRLF and quoted fields with embedded commas, quotes or newlines handled). */
export function parseCsv(text: string, sink: CsvRowSink): void {
  parseCsvPieces([text], sink);
}

/**
 * Parses CSV text given in pieces that each end at a line end outside quotes (`decodePieces`), as
 * one file: one header, line numbers running on across pieces.
 */
export function parseCsvPieces(pieces: Iterable<string>, sink: CsvRowSink): void {
  const state = { line: 0, sawHeader: false };
  for (const text of pieces) parsePiece(text, sink, state);
  if (!state.sawHeader) sink.header([]);
}

/** Parses one piece, going on from the line count and header state the pieces before left. */
function parsePiece(text: string, sink: CsvRowSink, state: { line: number; sawHeader: boolean }): void {
  let pos = state.line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = state.line;
  let sawHeader = state.sawHeader;
  const len = text.length;
  // Position of the next quote at or after pos (cached: searching afresh per line would be quadratic).
  let nextQuote = -2;
  while (pos < len) {
    line++;
    const startLine = line;
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = len;
    let end = nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    if (nextQuote !== -1 && nextQuote < pos) nextQuote = text.indexOf('"', pos);
    const quote = nextQuote;
    let fields: string[];
    if (quote === -1 || quote >= end) {
      if (end === pos) {
        pos = nl + 1;
        continue;
      }
      fields = text.slice(pos, end).split(',');
      pos = nl + 1;
    } else {
      fields = [];
      let field = '';
      let inQuotes = false;
      let i = pos;
      for (; i < len; i++) {
        const c = text.charCodeAt(i);
        if (inQuotes) {
          if (c === 34) {
            if (text.charCodeAt(i + 1) === 34) {
              field += '"';
              i++;
            } else inQuotes = false;
          } else {
            if (c === 10) line++;
            field += text[i];
          }
        } else if (c === 34) inQuotes = true;
        else if (c === 44) {
          fields.push(field);
          field = '';
        } else if (c === 10) break;
        else if (c !== 13) field += text[i];
      }
      fields.push(field);
      pos = i + 1;
      end = i;
    }
    if (!sawHeader) {
      sawHeader = true;
      sink.header(fields.map((f) => f.trim().replace(/^\uFEFF/, '')));
    } else sink.row(fields, startLine);
  }
  state.line = line;
  state.sawHeader = sawHeader;
}
