/*
 * A tiny DSL for OSM test fixtures: named nodes on a local metre grid around a base point,
 * ways as lists of node names with tags. Produces OSM XML text for `loadOsmXml`.
 */
export const BASE_LAT = 57.19;
export const BASE_LON = -3.83;
const M_PER_DEG_LAT = 111_195;

/** Position of a point `x` metres east and `y` metres north of the base. */
export function at(x: number, y: number): { lat: number; lon: number } {
  return {
    lat: BASE_LAT + y / M_PER_DEG_LAT,
    lon: BASE_LON + x / (M_PER_DEG_LAT * Math.cos((BASE_LAT * Math.PI) / 180)),
  };
}

export interface FixtureNode {
  x: number;
  y: number;
  tags?: Record<string, string>;
}

export interface FixtureWay {
  nodes: string[];
  tags: Record<string, string>;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function tagXml(tags: Record<string, string> | undefined): string {
  return Object.entries(tags ?? {})
    .map(([k, v]) => `<tag k="${esc(k)}" v="${esc(v)}"/>`)
    .join('');
}

/** OSM XML for named nodes and ways; node ids follow the order of `nodes`. */
export function osmXml(nodes: Record<string, FixtureNode>, ways: FixtureWay[]): string {
  const ids = new Map<string, number>();
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="cairn-test">'];
  let id = 1;
  for (const [name, n] of Object.entries(nodes)) {
    ids.set(name, id);
    const p = at(n.x, n.y);
    parts.push(
      `<node id="${id}" lat="${p.lat.toFixed(7)}" lon="${p.lon.toFixed(7)}">${tagXml(n.tags)}</node>`,
    );
    id++;
  }
  ways.forEach((w, i) => {
    const nds = w.nodes
      .map((n) => {
        const ref = ids.get(n);
        if (ref === undefined) throw new Error(`fixture way uses unknown node ${n}`);
        return `<nd ref="${ref}"/>`;
      })
      .join('');
    parts.push(`<way id="${1000 + i}">${nds}${tagXml(w.tags)}</way>`);
  });
  parts.push('</osm>');
  return parts.join('\n');
}
