import { readFileSync } from 'node:fs';
import { readOsmPbf } from '../osm/pbfReader.ts';
import { readOsmXmlFile, readOsmXmlText } from '../osm/xmlReader.ts';
import { addFeature, isTransportEntrance, isWaterName, mayBeFeature, waterShape } from '../osm/features.ts';
import { FOOT_ONLY_CLASSES, wayRouting, wayRoutingWithSidewalk } from '../osm/wayAccess.ts';
import type { WayRouting } from '../osm/wayAccess.ts';
import { nodeStepFree, stepFreeCodeIndex, wayStepFree } from '../osm/stepFreeTags.ts';
import { sampleElevation } from '../osm/elevationRaster.ts';
import type { ElevationRaster } from '../osm/elevationRaster.ts';
import type { OsmSink, OsmTags, OsmWarning } from '../osm/types.ts';
import { buildStreetGraph } from '../streets/graph.ts';
import type { GraphWayInput, StreetGraph } from '../streets/graph.ts';
import { emptyCatalogue } from '../places/types.ts';
import type { PlaceCatalogue } from '../places/types.ts';

/** What one OSM extract gives the engine. */
export interface OsmData {
  graph: StreetGraph;
  places: PlaceCatalogue;
  warnings: OsmWarning[];
  stats: {
    nodes: number;
    ways: number;
    highwayWays: number;
    missingNodeRefs: number;
    /** Street nodes whose height came from the raster, from an OSM `ele` tag, or is unknown. */
    heights: { fromRaster: number; fromTags: number; unknown: number };
  };
}

/** Options of the OSM loaders. */
export interface LoadOsmOptions {
  /** Terrain model giving street nodes their heights; OSM `ele` tags fill in where it has none. */
  elevation?: ElevationRaster;
}

class GrowF64 {
  data: Float64Array;
  length = 0;
  readonly fill: number;
  constructor(capacity: number, fill = 0) {
    this.fill = fill;
    this.data = new Float64Array(capacity).fill(fill);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2).fill(this.fill);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** Collects what the engine keeps while a reader streams the file. */
class OsmCollector implements OsmSink {
  readonly nodeKey = new Map<number, number>();
  readonly lat = new GrowF64(1 << 16);
  readonly lon = new GrowF64(1 << 16);
  readonly ele = new Map<number, number>();
  /** Nodes whose tags matter to step-free travel (kerbs, stiles), by node key. */
  readonly stepFree = new Map<number, number>();
  readonly ways: GraphWayInput[] = [];
  /** Footways, paths, cycleways… read: none means a road-only extract. */
  footOnlyWays = 0;
  /** By index in `ways`: the routing of a road closed to walkers if its pavement is not mapped. */
  readonly sidewalkRouting = new Map<number, WayRouting>();
  readonly places = emptyCatalogue();
  readonly entranceLat: number[] = [];
  readonly entranceLon: number[] = [];
  wayCount = 0;
  missingNodeRefs = 0;

  node(id: number, lat: number, lon: number, tags: OsmTags | null): void {
    const key = this.lat.length;
    this.nodeKey.set(id, key);
    this.lat.push(lat);
    this.lon.push(lon);
    if (!tags) return;
    if (tags.ele !== undefined) {
      const ele = Number.parseFloat(tags.ele);
      if (Number.isFinite(ele)) this.ele.set(key, ele);
    }
    const stepFree = stepFreeCodeIndex(nodeStepFree(tags));
    if (stepFree > 0) this.stepFree.set(key, stepFree);
    if (mayBeFeature(tags)) addFeature(this.places, `n${id}`, lat, lon, tags);
    if (isWaterName(tags))
      this.places.water.push({
        osmId: `n${id}`,
        name: tags.name!,
        shape: 'point',
        kind: tags.water ?? 'water',
        coords: Float64Array.of(lon, lat),
      });
    if (isTransportEntrance(tags)) {
      this.entranceLat.push(lat);
      this.entranceLon.push(lon);
    }
  }

  way(id: number, refs: readonly number[], tags: OsmTags | null): void {
    this.wayCount++;
    if (!tags) return;
    const routing = wayRouting(tags);
    if (routing && FOOT_ONLY_CLASSES.has(tags.highway ?? '')) this.footOnlyWays++;
    const withSidewalk = routing ? wayRoutingWithSidewalk(tags) : null;
    if (withSidewalk) this.sidewalkRouting.set(this.ways.length, withSidewalk);
    if (routing) {
      const keys: number[] = [];
      for (const ref of refs) {
        const k = this.nodeKey.get(ref);
        if (k === undefined) this.missingNodeRefs++;
        else if (keys[keys.length - 1] !== k) keys.push(k);
      }
      if (keys.length >= 2)
        this.ways.push({
          nodes: Int32Array.from(keys),
          routing,
          stepFree: stepFreeCodeIndex(wayStepFree(tags)),
        });
    }
    const closed = refs.length > 2 && refs[0] === refs[refs.length - 1];
    const water = routing ? null : waterShape(tags, closed);
    if (water) this.addWater(`w${id}`, refs, tags.name ?? null, water.shape, water.kind);
    if (!routing && mayBeFeature(tags)) {
      // An area (building, car park, park): placed at the mean of its distinct nodes.
      let sLat = 0;
      let sLon = 0;
      let n = 0;
      for (let i = closed ? 1 : 0; i < refs.length; i++) {
        const k = this.nodeKey.get(refs[i]!);
        if (k === undefined) continue;
        sLat += this.lat.data[k]!;
        sLon += this.lon.data[k]!;
        n++;
      }
      if (n > 0) addFeature(this.places, `w${id}`, sLat / n, sLon / n, tags);
    }
  }

  /** A water way's positions; nodes missing from the file are skipped (an extract's edge cuts rivers). */
  addWater(
    osmId: string,
    refs: readonly number[],
    name: string | null,
    shape: 'area' | 'line',
    kind: string,
  ): void {
    const coords: number[] = [];
    for (const ref of refs) {
      const k = this.nodeKey.get(ref);
      if (k !== undefined) coords.push(this.lon.data[k]!, this.lat.data[k]!);
    }
    const n = coords.length;
    if (shape === 'area' && n >= 2 && (coords[0] !== coords[n - 2] || coords[1] !== coords[n - 1]))
      coords.push(coords[0]!, coords[1]!);
    if (coords.length >= (shape === 'area' ? 8 : 4))
      this.places.water.push({ osmId, name, shape, kind, coords: Float64Array.from(coords) });
  }

  finish(warnings: OsmWarning[], file: string, options: LoadOsmOptions): OsmData {
    // A road-only extract has no footways to take walkers past roads tagged foot=no: walk the roads.
    if (this.footOnlyWays === 0)
      for (const [i, routing] of this.sidewalkRouting) this.ways[i]!.routing = routing;
    const count = this.lat.length;
    const ele = new Float32Array(count).fill(Number.NaN);
    const heights = { fromRaster: 0, fromTags: 0, unknown: 0 };
    // Heights of street nodes only: the raster first, else the node's `ele` tag, else unknown (flat, never 0 m).
    const raster = options.elevation;
    const seen = new Uint8Array(count);
    for (const way of this.ways) {
      for (let i = 0; i < way.nodes.length; i++) {
        const k = way.nodes[i]!;
        if (seen[k]) continue;
        seen[k] = 1;
        const sampled = raster ? sampleElevation(raster, this.lat.data[k]!, this.lon.data[k]!) : Number.NaN;
        const tagged = this.ele.get(k);
        if (!Number.isNaN(sampled)) {
          ele[k] = sampled;
          heights.fromRaster++;
        } else if (tagged !== undefined) {
          ele[k] = tagged;
          heights.fromTags++;
        } else heights.unknown++;
      }
    }
    const stepFree = new Uint8Array(count);
    for (const [k, code] of this.stepFree) stepFree[k] = code;
    const graph = buildStreetGraph(
      { lat: this.lat.data, lon: this.lon.data, ele, count, stepFree },
      this.ways,
    );
    if (this.entranceLat.length > 0)
      graph.entrances = {
        lat: Float64Array.from(this.entranceLat),
        lon: Float64Array.from(this.entranceLon),
      };
    if (this.missingNodeRefs > 0) {
      warnings.push({
        file,
        position: 0,
        message: `${this.missingNodeRefs} way node references point at nodes not in the file; those nodes were left out`,
      });
    }
    return {
      graph,
      places: this.places,
      warnings,
      stats: {
        nodes: count,
        ways: this.wayCount,
        highwayWays: this.ways.length,
        missingNodeRefs: this.missingNodeRefs,
        heights,
      },
    };
  }
}

/** Load an OSM extract (.osm.pbf, or .osm XML) into a street graph and a place catalogue. */
export function loadOsmFile(path: string, options: LoadOsmOptions = {}): OsmData {
  const collector = new OsmCollector();
  let warnings: OsmWarning[];
  if (path.endsWith('.pbf')) warnings = readOsmPbf(readFileSync(path), collector, path);
  else warnings = readOsmXmlFile(path, collector);
  return collector.finish(warnings, path, options);
}

/** Load OSM XML given as text (fixtures, small extracts). */
export function loadOsmXml(text: string, file = 'inline.osm', options: LoadOsmOptions = {}): OsmData {
  const collector = new OsmCollector();
  return collector.finish(readOsmXmlText(text, collector, file), file, options);
}

/** Load OSM PBF bytes held in memory. */
export function loadOsmPbf(data: Uint8Array, file = 'inline.osm.pbf', options: LoadOsmOptions = {}): OsmData {
  const collector = new OsmCollector();
  return collector.finish(readOsmPbf(data, collector, file), file, options);
}
