import { SaxesParser } from 'saxes';
import { writeFileToParser } from '../xml/streamFile.ts';
import type { OsmSink, OsmWarning } from './types.ts';

/*
 * Streaming reader for OSM XML (.osm, API 0.6 format) built on the `saxes` SAX parser, so
 * a large file never has to be held as a DOM. Only <node>, <way>, <nd> and <tag> matter.
 */

interface Pending {
  kind: 'node' | 'way';
  id: number;
  lat: number;
  lon: number;
  refs: number[];
  tags: Record<string, string> | null;
  line: number;
}

function makeParser(sink: OsmSink, file: string, warnings: OsmWarning[]): SaxesParser {
  const parser = new SaxesParser();
  let current: Pending | null = null;
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (tag.name === 'node' || tag.name === 'way') {
      const id = Number(a.id);
      const lat = Number(a.lat);
      const lon = Number(a.lon);
      if (!Number.isFinite(id) || (tag.name === 'node' && !(Number.isFinite(lat) && Number.isFinite(lon)))) {
        warnings.push({
          file,
          position: parser.line,
          message: `${tag.name} without a valid id/lat/lon skipped`,
        });
        current = null;
        return;
      }
      current = { kind: tag.name, id, lat, lon, refs: [], tags: null, line: parser.line };
    } else if (tag.name === 'tag' && current) {
      if (a.k !== undefined && a.v !== undefined) {
        current.tags ??= {};
        current.tags[a.k] = a.v;
      }
    } else if (tag.name === 'nd' && current) {
      const ref = Number(a.ref);
      if (Number.isFinite(ref)) current.refs.push(ref);
    }
  });
  parser.on('closetag', (tag) => {
    if (!current || tag.name !== current.kind) return;
    if (current.kind === 'node') sink.node(current.id, current.lat, current.lon, current.tags);
    else sink.way(current.id, current.refs, current.tags);
    current = null;
  });
  parser.on('error', (err) => {
    warnings.push({ file, position: parser.line, message: `XML error: ${err.message}` });
  });
  return parser;
}

/** Read OSM XML text (already in memory), feeding nodes and ways to `sink`. */
export function readOsmXmlText(text: string, sink: OsmSink, file = 'input.osm'): OsmWarning[] {
  const warnings: OsmWarning[] = [];
  const parser = makeParser(sink, file, warnings);
  try {
    parser.write(text).close();
  } catch (err) {
    warnings.push({ file, position: parser.line, message: `XML error: ${(err as Error).message}` });
  }
  return warnings;
}

/** Stream an OSM XML file from disk in chunks, feeding nodes and ways to `sink`. */
export function readOsmXmlFile(path: string, sink: OsmSink): OsmWarning[] {
  const warnings: OsmWarning[] = [];
  const parser = makeParser(sink, path, warnings);
  const err = writeFileToParser(path, parser);
  if (err) warnings.push({ file: path, position: parser.line, message: `XML error: ${err.message}` });
  return warnings;
}
