// Hand-built OSM PBF files for the PBF reader's tests and its fuzzing.
import { deflateSync } from 'node:zlib';
import { PbfWriter } from 'pbf';

/** Encode one file blob: [length][BlobHeader][Blob], the payload zlib-compressed or raw. */
export function fileBlock(type: string, payload: Uint8Array, compress: boolean): Uint8Array {
  const blob = new PbfWriter();
  if (compress) {
    blob.writeVarintField(2, payload.length);
    blob.writeBytesField(3, deflateSync(payload));
  } else blob.writeBytesField(1, payload);
  const blobBytes = blob.finish();
  const header = new PbfWriter();
  header.writeBytesField(1, new TextEncoder().encode(type));
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const out = new Uint8Array(4 + headerBytes.length + blobBytes.length);
  new DataView(out.buffer).setUint32(0, headerBytes.length);
  out.set(headerBytes, 4);
  out.set(blobBytes, 4 + headerBytes.length);
  return out;
}

export function headerBlock(features: string[]): Uint8Array {
  const w = new PbfWriter();
  for (const f of features) w.writeBytesField(4, new TextEncoder().encode(f));
  return w.finish();
}

export const delta = (xs: number[]): number[] => xs.map((x, i) => x - (i > 0 ? xs[i - 1]! : 0));

/** A PrimitiveBlock with dense nodes 1..3 (node 2 tagged), a plain node 4 and one way. */
export function dataBlock(): Uint8Array {
  const strings = ['', 'highway', 'residential', 'name', 'Grampian Road', 'amenity', 'toilets'];
  const w = new PbfWriter();
  w.writeMessage(
    1,
    (_: null, pw: PbfWriter) => {
      for (const s of strings) pw.writeBytesField(1, new TextEncoder().encode(s));
    },
    null,
  );
  // granularity 100 nanodegrees (default), lat_offset 0: lat = 1e-7 * value
  const lats = [571900000, 571910000, 571920000];
  const lons = [-38300000, -38300000, -38310000];
  w.writeMessage(
    2,
    (_: null, group: PbfWriter) => {
      group.writeMessage(
        2,
        (_x: null, dense: PbfWriter) => {
          dense.writePackedSVarint(1, delta([1, 2, 3]));
          dense.writePackedSVarint(8, delta(lats));
          dense.writePackedSVarint(9, delta(lons));
          dense.writePackedVarint(10, [0, 5, 6, 0, 0]);
        },
        null,
      );
    },
    null,
  );
  w.writeMessage(
    2,
    (_: null, group: PbfWriter) => {
      group.writeMessage(
        1,
        (_x: null, node: PbfWriter) => {
          node.writeSVarintField(1, 4);
          node.writeSVarintField(8, 571930000);
          node.writeSVarintField(9, -38320000);
        },
        null,
      );
    },
    null,
  );
  w.writeMessage(
    2,
    (_: null, group: PbfWriter) => {
      group.writeMessage(
        3,
        (_x: null, way: PbfWriter) => {
          way.writeVarintField(1, 77);
          way.writePackedVarint(2, [1, 3]);
          way.writePackedVarint(3, [2, 4]);
          way.writePackedSVarint(8, delta([1, 2, 3, 4]));
        },
        null,
      );
    },
    null,
  );
  return w.finish();
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
