// Feature under test: the OSM readers (XML and PBF) on damaged input — truncation, junk attributes, broken markup, random bytes — answer warnings, never an uncaught exception, and the street network still builds.
import fc from 'fast-check';
import { PbfWriter } from 'pbf';
import { describe, expect, it } from 'vitest';
import { loadOsmPbf, loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork } from '../../src/streets/streetNetwork.ts';
import { concat, delta, fileBlock, headerBlock } from '../support/pbfFixture.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<osm version="0.6" generator="cairn-fuzz">
  <bounds minlat="57.18" minlon="-3.84" maxlat="57.20" maxlon="-3.82"/>
  <node id="1" lat="57.1900" lon="-3.8300"/>
  <node id="2" lat="57.1910" lon="-3.8300"><tag k="amenity" v="toilets"/><tag k="wheelchair" v="yes"/><tag k="opening_hours" v="Mo-Fr 08:00-18:00"/></node>
  <node id="3" lat="57.1920" lon="-3.8310"/>
  <node id="4" lat="57.1930" lon="-3.8320"><tag k="place" v="village"/><tag k="name" v="Aviemore &amp; Co"/></node>
  <node id="5" lat="57.1940" lon="-3.8330"><tag k="highway" v="bus_stop"/><tag k="name" v="Stop"/></node>
  <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Grampian Road"/><tag k="maxspeed" v="30 mph"/></way>
  <way id="11"><nd ref="3"/><nd ref="4"/><nd ref="5"/><tag k="highway" v="footway"/><tag k="oneway" v="yes"/></way>
  <way id="12"><nd ref="5"/><nd ref="1"/><tag k="highway" v="primary"/><tag k="access" v="no"/><tag k="foot" v="yes"/></way>
</osm>
`;

const JUNK_VALUES = [
  '',
  'abc',
  '-91',
  '91',
  '181',
  'NaN',
  '1e999',
  '-0',
  '9007199254740993',
  '0x10',
  '57,19',
  '"',
  '&',
  '&amp',
  '&#xD800;',
  '&#0;',
  '&unknown;',
  '<',
  '>',
  ']]>',
  '\u0000',
  '🚌',
  'x'.repeat(3000),
];

type XmlEdit =
  | { op: 'truncate'; at: number }
  | { op: 'attr'; nth: number; value: string }
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; length: number }
  | { op: 'dupLine'; line: number };

const xmlEdit: fc.Arbitrary<XmlEdit> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    op: fc.constant('attr' as const),
    nth: fc.nat(),
    value: fc.oneof(fc.constantFrom(...JUNK_VALUES), fc.string({ maxLength: 12 })),
  }),
  fc.record({
    op: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    text: fc.oneof(
      fc.constantFrom(
        '<',
        '>',
        '"',
        '</way>',
        '<node id="1" lat="1" lon="1">',
        '<nd ref="999"/>',
        '<tag k="highway"/>',
        '<!--',
        '<![CDATA[',
        '<?xml ?>',
        '<way id="10">',
      ),
      fc.string({ maxLength: 30 }),
    ),
  }),
  fc.record({
    op: fc.constant('delete' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    length: fc.integer({ min: 1, max: 80 }),
  }),
  fc.record({ op: fc.constant('dupLine' as const), line: fc.nat() }),
);

function applyXml(text: string, edits: XmlEdit[]): string {
  let out = text;
  for (const e of edits) {
    if (e.op === 'truncate') out = out.slice(0, Math.floor(out.length * e.at));
    else if (e.op === 'insert') {
      const at = Math.floor(out.length * e.at);
      out = out.slice(0, at) + e.text + out.slice(at);
    } else if (e.op === 'delete') {
      const at = Math.floor(out.length * e.at);
      out = out.slice(0, at) + out.slice(at + e.length);
    } else if (e.op === 'dupLine') {
      const lines = out.split('\n');
      const i = e.line % lines.length;
      lines.splice(i, 0, lines[i]!);
      out = lines.join('\n');
    } else {
      const attrs = [...out.matchAll(/="([^"]*)"/g)];
      if (attrs.length === 0) continue;
      const m = attrs[e.nth % attrs.length]!;
      const start = m.index + 2;
      out = out.slice(0, start) + e.value.replace(/"/g, '&quot;') + out.slice(start + m[1]!.length);
    }
  }
  return out;
}

/** A valid two-block PBF (header + dense nodes + a way), with the decoder's test blocks. */
function validPbf(): Uint8Array {
  const data = new PbfWriter();
  data.writeMessage(
    1,
    (_: null, pw: PbfWriter) => {
      for (const s of ['', 'highway', 'residential', 'name', 'Grampian Road'])
        pw.writeBytesField(1, new TextEncoder().encode(s));
    },
    null,
  );
  data.writeMessage(
    2,
    (_: null, group: PbfWriter) => {
      group.writeMessage(
        2,
        (_x: null, dense: PbfWriter) => {
          dense.writePackedSVarint(1, delta([1, 2, 3]));
          dense.writePackedSVarint(8, delta([571900000, 571910000, 571920000]));
          dense.writePackedSVarint(9, delta([-38300000, -38300000, -38310000]));
        },
        null,
      );
    },
    null,
  );
  data.writeMessage(
    2,
    (_: null, group: PbfWriter) => {
      group.writeMessage(
        3,
        (_x: null, way: PbfWriter) => {
          way.writeVarintField(1, 77);
          way.writePackedVarint(2, [1, 3]);
          way.writePackedVarint(3, [2, 4]);
          way.writePackedSVarint(8, delta([1, 2, 3]));
        },
        null,
      );
    },
    null,
  );
  return concat([
    fileBlock('OSMHeader', headerBlock(['OsmSchema-V0.6', 'DenseNodes']), true),
    fileBlock('OSMData', data.finish(), true),
  ]);
}

function expectWarnings(warnings: readonly { file: string; position: number; message: string }[]): void {
  for (const w of warnings) {
    expect(typeof w.file).toBe('string');
    expect(Number.isFinite(w.position)).toBe(true);
    expect(typeof w.message).toBe('string');
  }
}

describe('OSM XML reader fuzz', () => {
  it('the unedited base reads cleanly into a street network', () => {
    const osm = loadOsmXml(XML);
    expect(osm.warnings).toEqual([]);
    expect(osm.graph.edgeCount).toBeGreaterThan(0);
  });

  it(`damaged XML gives warnings, never an exception, and still builds a network (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(fc.array(xmlEdit, { minLength: 1, maxLength: 4 }), (edits) => {
        const osm = loadOsmXml(applyXml(XML, edits), 'fuzz.osm');
        expectWarnings(osm.warnings);
        createStreetNetwork(osm.graph);
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary text is read without an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'binary', maxLength: 200 })),
        (text) => {
          expectWarnings(loadOsmXml(text, 'junk.osm').warnings);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe('OSM PBF reader fuzz', () => {
  const pbf = validPbf();

  it('the unedited base decodes cleanly', () => {
    const osm = loadOsmPbf(pbf);
    expect(osm.warnings).toEqual([]);
    expect(osm.stats.nodes).toBe(3);
  });

  it(`flipped, truncated, spliced and random bytes give warnings, never an exception (${RUNS} cases)`, () => {
    const damaged = fc.oneof(
      fc.uint8Array({ maxLength: 600 }),
      fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([i, b]) => {
        const copy = pbf.slice();
        copy[i % copy.length] = b;
        return copy;
      }),
      fc
        .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 2, maxLength: 8 })
        .map((flips) => {
          const copy = pbf.slice();
          for (const [i, b] of flips) copy[i % copy.length] = b;
          return copy;
        }),
      fc.double({ min: 0, max: 1, noNaN: true }).map((f) => pbf.slice(0, Math.floor(pbf.length * f))),
      fc
        .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.uint8Array({ maxLength: 40 }))
        .map(([f, junk]) => {
          const at = Math.floor(pbf.length * f);
          return new Uint8Array([...pbf.slice(0, at), ...junk, ...pbf.slice(at)]);
        }),
      // A header claiming a huge blob.
      fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((n) => {
        const copy = pbf.slice();
        new DataView(copy.buffer).setUint32(0, n);
        return copy;
      }),
    );
    fc.assert(
      fc.property(damaged, (bytes) => {
        const osm = loadOsmPbf(bytes, 'fuzz.osm.pbf');
        expectWarnings(osm.warnings);
        createStreetNetwork(osm.graph);
      }),
      { numRuns: RUNS },
    );
  });
});
