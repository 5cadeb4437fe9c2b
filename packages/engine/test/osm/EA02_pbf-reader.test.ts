// Feature under test: the OSM PBF decoder (dense nodes, plain nodes, ways, zlib and raw blobs, header features).
import { describe, expect, it } from 'vitest';
import { readOsmPbf } from '../../src/osm/pbfReader.ts';
import { loadOsmPbf } from '../../src/loader/loadOsm.ts';
import type { OsmTags } from '../../src/osm/types.ts';
import { concat, dataBlock, fileBlock, headerBlock } from '../support/pbfFixture.ts';

describe('readOsmPbf', () => {
  for (const compress of [true, false]) {
    it(`decodes nodes, tags and ways from a ${compress ? 'zlib' : 'raw'} blob`, () => {
      const file = concat([
        fileBlock('OSMHeader', headerBlock(['OsmSchema-V0.6', 'DenseNodes']), compress),
        fileBlock('OSMData', dataBlock(), compress),
      ]);
      const nodes: Array<[number, number, number, OsmTags | null]> = [];
      const ways: Array<[number, number[], OsmTags | null]> = [];
      const warnings = readOsmPbf(file, {
        node: (id, lat, lon, tags) => nodes.push([id, lat, lon, tags]),
        way: (id, refs, tags) => ways.push([id, [...refs], tags]),
      });
      expect(warnings).toEqual([]);
      expect(nodes.map((n) => n[0])).toEqual([1, 2, 3, 4]);
      expect(nodes[1]![1]).toBeCloseTo(57.191, 9);
      expect(nodes[2]![2]).toBeCloseTo(-3.831, 9);
      expect(nodes[0]![3]).toBeNull();
      expect(nodes[1]![3]).toEqual({ amenity: 'toilets' });
      expect(nodes[3]![1]).toBeCloseTo(57.193, 9);
      expect(ways).toEqual([[77, [1, 2, 3, 4], { highway: 'residential', name: 'Grampian Road' }]]);
    });
  }

  it('warns about required features it cannot honour and about truncation', () => {
    const file = concat([
      fileBlock('OSMHeader', headerBlock(['OsmSchema-V0.6', 'HistoricalInformation']), true),
    ]);
    const truncated = concat([file, new Uint8Array([0, 0, 0, 50, 1, 2])]);
    const messages = readOsmPbf(truncated, { node: () => {}, way: () => {} }).map((w) => w.message);
    expect(messages).toEqual([
      'required feature HistoricalInformation is not supported',
      'truncated file: incomplete blob header',
    ]);
  });

  it('feeds the graph builder and the place catalogue', () => {
    const data = loadOsmPbf(concat([fileBlock('OSMData', dataBlock(), true)]));
    expect(data.graph.edgeCount).toBe(1);
    expect(data.graph.strings).toContain('Grampian Road');
    expect(data.places.toilets).toHaveLength(1);
    expect(data.places.toilets[0]!.osmId).toBe('n2');
  });
});
