// Feature under test: water read from OSM for the base map — areas (lochs, reservoirs), rivers and
// canals, named streams, and water names given as nodes.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { at, osmXml } from '../support/osmFixture.ts';

const square = (prefix: string, x: number, y: number, size: number) => ({
  [`${prefix}1`]: { x, y },
  [`${prefix}2`]: { x: x + size, y },
  [`${prefix}3`]: { x: x + size, y: y + size },
  [`${prefix}4`]: { x, y: y + size },
});
const ring = (prefix: string) => [`${prefix}1`, `${prefix}2`, `${prefix}3`, `${prefix}4`, `${prefix}1`];

const xml = osmXml(
  {
    ...square('loch', 0, 0, 400),
    ...square('pond', 500, 0, 50),
    ...square('dam', 600, 0, 100),
    r1: { x: 0, y: 500 },
    r2: { x: 300, y: 520 },
    r3: { x: 600, y: 560 },
    name: { x: 900, y: 900, tags: { natural: 'water', water: 'lake', name: 'Lochan nan Nathrach' } },
    cafe: { x: 950, y: 900, tags: { amenity: 'cafe', name: 'Boathouse' } },
  },
  [
    { nodes: ring('loch'), tags: { natural: 'water', water: 'lake', name: 'Loch Morlich' } },
    { nodes: ring('pond'), tags: { natural: 'water' } },
    { nodes: ring('dam'), tags: { landuse: 'reservoir', name: 'Loch Einich reservoir' } },
    { nodes: ['r1', 'r2', 'r3'], tags: { waterway: 'river', name: 'River Spey' } },
    { nodes: ['r1', 'r2'], tags: { waterway: 'stream' } },
    { nodes: ['r2', 'r3'], tags: { waterway: 'stream', name: 'Allt Mor' } },
    { nodes: ['r1', 'r3'], tags: { waterway: 'ditch', name: 'Field drain' } },
    // A natural=water way left open is no area: it is not drawn.
    { nodes: ['loch1', 'loch2', 'loch3'], tags: { natural: 'water', name: 'Half a loch' } },
    { nodes: ['r1', 'r2'], tags: { highway: 'residential', name: 'Riverside' } },
  ],
);

describe('water from OSM', () => {
  const { places, graph } = loadOsmXml(xml);
  const byName = new Map(places.water.map((w) => [w.name, w]));

  it('keeps areas with their kind and closed outer ring', () => {
    const loch = byName.get('Loch Morlich')!;
    expect(loch).toMatchObject({ osmId: 'w1000', shape: 'area', kind: 'lake' });
    const c = Array.from(loch.coords);
    expect(c.length).toBe(10);
    expect(c.slice(0, 2)).toEqual(c.slice(8));
    expect(c[0]).toBeCloseTo(at(0, 0).lon, 6);
    expect(c[1]).toBeCloseTo(at(0, 0).lat, 6);
    expect(byName.get('Loch Einich reservoir')).toMatchObject({ shape: 'area', kind: 'reservoir' });
    expect(places.water.find((w) => w.osmId === 'w1001')).toMatchObject({
      name: null,
      shape: 'area',
      kind: 'water',
    });
  });

  it('keeps rivers and named streams as lines, not unnamed streams, ditches or open water ways', () => {
    expect(byName.get('River Spey')).toMatchObject({ shape: 'line', kind: 'river' });
    expect(byName.get('River Spey')!.coords.length).toBe(6);
    expect(byName.get('Allt Mor')).toMatchObject({ shape: 'line', kind: 'stream' });
    expect(places.water.filter((w) => w.kind === 'stream')).toHaveLength(1);
    expect(byName.has('Field drain')).toBe(false);
    expect(byName.has('Half a loch')).toBe(false);
  });

  it('keeps named water nodes as names, and leaves streets and places as they were', () => {
    expect(byName.get('Lochan nan Nathrach')).toMatchObject({ shape: 'point', kind: 'lake' });
    expect(places.water).toHaveLength(6);
    expect(places.pois.map((p) => p.name)).toEqual(['Boathouse']);
    // Only the street is routable: water ways add no edges.
    expect(graph.edgeCount).toBe(1);
  });

  it('closes an area ring whose first node is missing from the extract', () => {
    const cut = xml.replace(/<node id="1" .*?<\/node>/, '');
    const { places: cutPlaces } = loadOsmXml(cut);
    const loch = cutPlaces.water.find((w) => w.name === 'Loch Morlich')!;
    const c = Array.from(loch.coords);
    expect(c.length).toBe(8);
    expect(c.slice(0, 2)).toEqual(c.slice(6));
  });
});
