// Feature under test: streaming an OSM XML file from disk gives the same result as parsing the text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOsmFile, loadOsmXml } from '../../src/loader/loadOsm.ts';
import { osmXml } from '../support/osmFixture.ts';

describe('loadOsmFile with .osm XML', () => {
  it('streams a file larger than one read chunk, multi-byte names included', () => {
    const nodes: Record<string, { x: number; y: number; tags?: Record<string, string> }> = {};
    const ways: Array<{ nodes: string[]; tags: Record<string, string> }> = [];
    // About 1.5 MB of XML so the 1 MB read buffer splits it, with non-ASCII names across the split.
    for (let i = 0; i < 14_000; i++)
      nodes[`n${i}`] = {
        x: (i % 100) * 20,
        y: Math.floor(i / 100) * 20,
        tags: i % 7 ? undefined : { amenity: 'cafe', name: `Café Ærø ${i}` },
      };
    for (let r = 0; r < 140; r++)
      ways.push({
        nodes: Array.from({ length: 100 }, (_, c) => `n${r * 100 + c}`),
        tags: { highway: 'residential', name: `Straße ${r}` },
      });
    const xml = osmXml(nodes, ways);
    expect(Buffer.byteLength(xml)).toBeGreaterThan(1 << 20);
    const dir = mkdtempSync(join(tmpdir(), 'cairn-osm-'));
    try {
      const file = join(dir, 'town.osm');
      writeFileSync(file, xml);
      const fromFile = loadOsmFile(file);
      const fromText = loadOsmXml(xml);
      expect(fromFile.warnings).toEqual([]);
      expect(fromFile.stats).toEqual(fromText.stats);
      expect(fromFile.graph.edgeCount).toBe(fromText.graph.edgeCount);
      expect(fromFile.places.pois.map((p) => p.name)).toEqual(fromText.places.pois.map((p) => p.name));
      expect(fromFile.places.pois[1]!.name).toBe('Café Ærø 7');
      expect(fromFile.graph.strings).toContain('Straße 139');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
