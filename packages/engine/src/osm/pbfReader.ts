import { inflateSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import type { OsmSink, OsmTags, OsmWarning } from './types.ts';

/*
 * OSM PBF decoder on top of the `pbf` protobuf reader. The file is a sequence of
 * [int32 BE header length][BlobHeader][Blob]; an "OSMData" blob inflates to a PrimitiveBlock
 * (string table + groups of nodes / dense nodes / ways). Field numbers follow the published
 * osmformat.proto / fileformat.proto of the OpenStreetMap PBF format. Relations, metadata
 * (info/denseinfo) and changesets are skipped: nothing in Cairn needs them.
 */

const decoder = new TextDecoder();

interface BlobHeader {
  type: string;
  datasize: number;
}

interface Blob {
  raw: Uint8Array | null;
  zlib: Uint8Array | null;
  unsupported: string | null;
}

interface Block {
  strings: string[];
  groups: Array<[number, number]>;
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

function readBlobHeader(tag: number, h: BlobHeader, pbf: PbfReader): void {
  if (tag === 1) h.type = pbf.readString();
  else if (tag === 3) h.datasize = pbf.readVarint();
}

function readBlob(tag: number, b: Blob, pbf: PbfReader): void {
  if (tag === 1) b.raw = pbf.readBytes();
  else if (tag === 3) b.zlib = pbf.readBytes();
  else if (tag === 4) b.unsupported = 'lzma';
  else if (tag === 6) b.unsupported = 'zstd';
}

function readHeaderBlock(tag: number, required: string[], pbf: PbfReader): void {
  if (tag === 4) required.push(pbf.readString());
}

function readBlock(tag: number, b: Block, pbf: PbfReader): void {
  if (tag === 1) {
    const end = pbf.readVarint() + pbf.pos;
    while (pbf.pos < end) {
      const t = nextTag(pbf);
      if (t >> 3 === 1) b.strings.push(decoder.decode(pbf.readBytes()));
      else pbf.skip(t);
    }
  } else if (tag === 2) {
    // Groups are decoded after the whole block, when granularity and offsets are known.
    const len = pbf.readVarint();
    b.groups.push([pbf.pos, pbf.pos + len]);
    pbf.pos += len;
  } else if (tag === 17) b.granularity = pbf.readVarint();
  else if (tag === 19) b.latOffset = pbf.readVarint(true);
  else if (tag === 20) b.lonOffset = pbf.readVarint(true);
}

/** Read a field tag by hand; the reader's packed-field helpers look at `type`, so set it too. */
function nextTag(pbf: PbfReader): number {
  const t = pbf.readVarint();
  pbf.type = t & 7;
  return t;
}

function tagsOf(keys: number[], vals: number[], strings: string[]): OsmTags | null {
  if (keys.length === 0) return null;
  const tags: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) tags[strings[keys[i]!] ?? ''] = strings[vals[i]!] ?? '';
  return tags;
}

function decodeGroup(pbf: PbfReader, start: number, end: number, b: Block, sink: OsmSink): void {
  pbf.pos = start;
  const scale = 1e-9;
  while (pbf.pos < end) {
    const t = nextTag(pbf);
    const field = t >> 3;
    if (field === 2) decodeDense(pbf, pbf.readVarint() + pbf.pos, b, sink, scale);
    else if (field === 1) decodeNode(pbf, pbf.readVarint() + pbf.pos, b, sink, scale);
    else if (field === 3) decodeWay(pbf, pbf.readVarint() + pbf.pos, b, sink);
    else pbf.skip(t);
  }
}

function decodeNode(pbf: PbfReader, end: number, b: Block, sink: OsmSink, scale: number): void {
  let id = 0;
  let lat = 0;
  let lon = 0;
  const keys: number[] = [];
  const vals: number[] = [];
  while (pbf.pos < end) {
    const t = nextTag(pbf);
    const f = t >> 3;
    if (f === 1) id = pbf.readSVarint();
    else if (f === 2) pbf.readPackedVarint(keys);
    else if (f === 3) pbf.readPackedVarint(vals);
    else if (f === 8) lat = pbf.readSVarint();
    else if (f === 9) lon = pbf.readSVarint();
    else pbf.skip(t);
  }
  sink.node(
    id,
    scale * (b.latOffset + b.granularity * lat),
    scale * (b.lonOffset + b.granularity * lon),
    tagsOf(keys, vals, b.strings),
  );
}

function decodeDense(pbf: PbfReader, end: number, b: Block, sink: OsmSink, scale: number): void {
  const ids: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const kv: number[] = [];
  while (pbf.pos < end) {
    const t = nextTag(pbf);
    const f = t >> 3;
    if (f === 1) pbf.readPackedSVarint(ids);
    else if (f === 8) pbf.readPackedSVarint(lats);
    else if (f === 9) pbf.readPackedSVarint(lons);
    else if (f === 10) pbf.readPackedVarint(kv);
    else pbf.skip(t);
  }
  let id = 0;
  let lat = 0;
  let lon = 0;
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i]!;
    lat += lats[i]!;
    lon += lons[i]!;
    let tags: Record<string, string> | null = null;
    // keys_vals: (key, val)* 0 per node, and empty altogether when no node has tags.
    while (k < kv.length && kv[k] !== 0) {
      tags ??= {};
      tags[b.strings[kv[k]!] ?? ''] = b.strings[kv[k + 1]!] ?? '';
      k += 2;
    }
    k++;
    sink.node(
      id,
      scale * (b.latOffset + b.granularity * lat),
      scale * (b.lonOffset + b.granularity * lon),
      tags,
    );
  }
}

function decodeWay(pbf: PbfReader, end: number, b: Block, sink: OsmSink): void {
  let id = 0;
  const keys: number[] = [];
  const vals: number[] = [];
  const deltas: number[] = [];
  while (pbf.pos < end) {
    const t = nextTag(pbf);
    const f = t >> 3;
    if (f === 1) id = pbf.readVarint();
    else if (f === 2) pbf.readPackedVarint(keys);
    else if (f === 3) pbf.readPackedVarint(vals);
    else if (f === 8) pbf.readPackedSVarint(deltas);
    else pbf.skip(t);
  }
  let ref = 0;
  for (let i = 0; i < deltas.length; i++) {
    ref += deltas[i]!;
    deltas[i] = ref;
  }
  sink.way(id, deltas, tagsOf(keys, vals, b.strings));
}

const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);

/** Decode an .osm.pbf file held in memory, feeding nodes and ways to `sink` in file order. */
export function readOsmPbf(data: Uint8Array, sink: OsmSink, file = 'input.osm.pbf'): OsmWarning[] {
  const warnings: OsmWarning[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let pos = 0;
  while (pos < data.byteLength) {
    if (pos + 4 > data.byteLength) {
      warnings.push({ file, position: pos, message: 'truncated file: incomplete blob header length' });
      break;
    }
    const headerLen = view.getUint32(pos);
    const headerStart = pos + 4;
    if (headerStart + headerLen > data.byteLength) {
      warnings.push({ file, position: pos, message: 'truncated file: incomplete blob header' });
      break;
    }
    let header: { type: string; datasize: number };
    try {
      header = new PbfReader(data.subarray(headerStart, headerStart + headerLen)).readFields(readBlobHeader, {
        type: '',
        datasize: 0,
      });
    } catch (error) {
      // Without a readable header the next blob cannot be found: keep what was read so far.
      warnings.push({
        file,
        position: pos,
        message: `damaged blob header (${(error as Error).message}); the rest of the file is skipped`,
      });
      break;
    }
    const blobStart = headerStart + headerLen;
    const blobEnd = blobStart + header.datasize;
    if (blobEnd > data.byteLength) {
      warnings.push({ file, position: pos, message: 'truncated file: incomplete blob' });
      break;
    }
    try {
      const blob = new PbfReader(data.subarray(blobStart, blobEnd)).readFields(readBlob, {
        raw: null,
        zlib: null,
        unsupported: null,
      } as Blob);
      let payload: Uint8Array | null = blob.raw;
      if (blob.zlib) payload = inflateSync(blob.zlib);
      if (!payload) {
        warnings.push({
          file,
          position: pos,
          message: `blob compression ${blob.unsupported ?? 'unknown'} is not supported; blob skipped`,
        });
      } else if (header.type === 'OSMHeader') {
        const required = new PbfReader(payload).readFields(readHeaderBlock, [] as string[]);
        for (const feature of required) {
          if (!SUPPORTED_FEATURES.has(feature))
            warnings.push({ file, position: pos, message: `required feature ${feature} is not supported` });
        }
      } else if (header.type === 'OSMData') {
        const pbf = new PbfReader(payload);
        const block = pbf.readFields(readBlock, {
          strings: [],
          groups: [],
          granularity: 100,
          latOffset: 0,
          lonOffset: 0,
        } as Block);
        for (const [start, end] of block.groups) decodeGroup(pbf, start, end, block, sink);
      }
    } catch (error) {
      warnings.push({
        file,
        position: pos,
        message: `damaged ${header.type || 'unknown'} blob (${(error as Error).message}); blob skipped`,
      });
    }
    pos = blobEnd;
  }
  return warnings;
}
