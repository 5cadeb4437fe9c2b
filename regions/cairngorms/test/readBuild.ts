import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The GTFS columns the tests read (typed as present so strict index checks stay quiet). */
export type GtfsColumn =
  | 'agency_id'
  | 'agency_name'
  | 'agency_url'
  | 'agency_timezone'
  | 'feed_publisher_name'
  | 'stop_id'
  | 'stop_code'
  | 'stop_name'
  | 'zone_id'
  | 'parent_station'
  | 'platform_code'
  | 'route_id'
  | 'route_type'
  | 'service_id'
  | 'trip_id'
  | 'shape_id'
  | 'arrival_time'
  | 'departure_time'
  | 'stop_sequence'
  | 'date'
  | 'exception_type'
  | 'start_date'
  | 'end_date'
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday'
  | 'sunday'
  | 'fare_id'
  | 'price'
  | 'origin_id'
  | 'destination_id'
  | 'shape_pt_lat'
  | 'shape_pt_lon';
export type CsvRow = Record<GtfsColumn, string>;

/** Parse RFC 4180 CSV text into rows of objects keyed by the header. */
export function parseCsv(text: string): CsvRow[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])) as CsvRow);
}

export const readCsv = (dir: string, file: string) => parseCsv(readFileSync(join(dir, file), 'utf8'));

/** Every file under dir, as relative path → bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

export interface ParsedOsm {
  nodes: Map<number, { lat: number; lon: number; tags: Record<string, string> }>;
  ways: { id: number; nodes: number[]; tags: Record<string, string> }[];
}

/** A minimal reader for the generator's own OSM XML layout (one element or tag per line). */
export function parseOsmXml(xml: string): ParsedOsm {
  const nodes: ParsedOsm['nodes'] = new Map();
  const ways: ParsedOsm['ways'] = [];
  let tags: Record<string, string> = {};
  let wayNodes: number[] = [];
  let current:
    | { kind: 'node'; id: number; lat: number; lon: number }
    | { kind: 'way'; id: number }
    | { kind: 'relation' }
    | undefined;
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const line of xml.split('\n')) {
    let m: RegExpExecArray | null;
    if ((m = /^\s*<node id="(\d+)" version="1" lat="([-\d.]+)" lon="([-\d.]+)">/.exec(line))) {
      current = { kind: 'node', id: Number(m[1]), lat: Number(m[2]), lon: Number(m[3]) };
      tags = {};
    } else if ((m = /^\s*<way id="(\d+)"/.exec(line))) {
      current = { kind: 'way', id: Number(m[1]) };
      tags = {};
      wayNodes = [];
    } else if (/^\s*<relation /.test(line)) {
      current = { kind: 'relation' };
      // Relation tags are not kept, and must not land in the last way's tags.
      tags = {};
    } else if ((m = /^\s*<nd ref="(\d+)"\/>/.exec(line))) {
      wayNodes.push(Number(m[1]));
    } else if ((m = /^\s*<tag k="([^"]*)" v="([^"]*)"\/>/.exec(line))) {
      tags[unescape(m[1]!)] = unescape(m[2]!);
    } else if (/^\s*<\/node>/.test(line) && current?.kind === 'node') {
      nodes.set(current.id, { lat: current.lat, lon: current.lon, tags });
    } else if (/^\s*<\/way>/.test(line) && current?.kind === 'way') {
      ways.push({ id: current.id, nodes: wayNodes, tags });
    }
  }
  return { nodes, ways };
}

/** Connected components of the graph formed by the given ways, as node id → component number. */
export function components(ways: readonly { nodes: number[] }[]): Map<number, number> {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    let c = x;
    while (parent.get(c) !== r) {
      const n = parent.get(c)!;
      parent.set(c, r);
      c = n;
    }
    return r;
  };
  for (const w of ways) {
    for (const n of w.nodes) if (!parent.has(n)) parent.set(n, n);
    for (let i = 1; i < w.nodes.length; i++) {
      const a = find(w.nodes[i - 1]!);
      const b = find(w.nodes[i]!);
      if (a !== b) parent.set(a, b);
    }
  }
  const out = new Map<number, number>();
  for (const n of parent.keys()) out.set(n, find(n));
  return out;
}
