// Feature under test: snapping, one-way streets and turn-by-turn directions on a small hand-made network.
import { describe, expect, it } from 'vitest';
import polyline from '@mapbox/polyline';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { findSnapPoint } from '../../src/streets/snap.ts';
import { formatShortDistance as distanceText, METRES_TO_MILES } from '../../src/format/distance.ts';
import { turnManeuver } from '../../src/streets/directions.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { directionHtml, directionText } from '../../src/format/directions.ts';

//   e
//   |  High Street
//   b ——— Grampian Road (one-way east) ——— c
//   |                                      |  Dalfaber Road
//   a ——— Riverside Path (footway) ——————— d
const xml = osmXml(
  {
    a: { x: 0, y: 0, tags: { ele: '210' } },
    b: { x: 0, y: 200, tags: { ele: '220' } },
    c: { x: 300, y: 200, tags: { ele: '250' } },
    d: { x: 300, y: 0 },
    e: { x: 0, y: 400 },
  },
  [
    { nodes: ['a', 'b', 'e'], tags: { highway: 'residential', name: 'High Street' } },
    { nodes: ['b', 'c'], tags: { highway: 'tertiary', name: 'Grampian Road', ref: 'B970', oneway: 'yes' } },
    { nodes: ['c', 'd'], tags: { highway: 'residential', name: 'Dalfaber Road' } },
    { nodes: ['d', 'a'], tags: { highway: 'footway', name: 'Riverside Path' } },
  ],
);
const data = loadOsmXml(xml);
const net = createStreetNetwork(data.graph);

describe('fixture network', () => {
  it('cuts ways at junctions into edges', () => {
    expect(data.warnings).toEqual([]);
    expect(data.graph.vertexCount).toBe(5);
    expect(data.graph.edgeCount).toBe(5);
  });

  it('snaps to the nearest street the mode may use', () => {
    const p = at(150, 210);
    const s = findSnapPoint(net.snap, p.lat, p.lon, 'car')!;
    expect(s.distanceM).toBeCloseTo(10, 0);
    expect(s.fraction).toBeCloseTo(0.5, 2);
    const q = at(150, 5);
    expect(findSnapPoint(net.snap, q.lat, q.lon, 'foot')!.distanceM).toBeCloseTo(5, 0);
    // Cars cannot use the footpath, so they snap to a road 150 m away instead.
    expect(findSnapPoint(net.snap, q.lat, q.lon, 'car')!.distanceM).toBeGreaterThan(140);
    expect(findSnapPoint(net.snap, q.lat, q.lon, 'car', 100)).toBeUndefined();
  });

  it('drives with the one-way street and gives directions', () => {
    const r = findStreetRoute(net, at(-3, 0), at(300, 203), 'car')!;
    expect(r.distanceM).toBeCloseTo(500, -1);
    expect(r.directions.map(directionText)).toEqual([
      'Head north on High Street',
      'Turn right onto Grampian Road (B970)',
    ]);
    expect(directionHtml(r.directions[1]!)).toBe('Turn <b>right</b> onto <b>Grampian Road (B970)</b>');
    expect(distanceText(r.directions[0]!.distance_m)).toBe('0.1 miles');
    expect(distanceText(r.directions[1]!.distance_m)).toBe('0.2 miles');
    expect(r.distanceMiles).toBeCloseTo(r.distanceM * METRES_TO_MILES, 9);
    expect(r.elevationHighestM).toBe(250);
    expect(r.elevationLowestM).toBe(210);
  });

  it('starts the directions on the street actually followed when the start snaps onto a junction', () => {
    const r = findStreetRoute(net, at(0, 200), at(300, 200), 'car')!;
    expect(r.directions.map(directionText)).toEqual(['Head east on Grampian Road (B970)']);
    expect(r.directions[0]!.distance_m).toBeCloseTo(300, -1);
  });

  it('encodes the route as a precision-5 polyline', () => {
    const r = findStreetRoute(net, at(0, 0), at(300, 200), 'car')!;
    const decoded = polyline.decode(r.polyline, 5);
    expect(decoded.length).toBe(r.coordinates.length);
    decoded.forEach(([lat, lon], i) => {
      expect(lat).toBeCloseTo(r.coordinates[i]![0], 5);
      expect(lon).toBeCloseTo(r.coordinates[i]![1], 5);
    });
  });

  it('finds no car route against the one-way street, but walkers may go either way', () => {
    expect(findStreetRoute(net, at(300, 200), at(0, 0), 'car')).toBeUndefined();
    const walk = findStreetRoute(net, at(300, 200), at(0, 0), 'foot')!;
    expect(walk.distanceM).toBeCloseTo(500, -1);
    expect(walk.durationSec).toBeCloseTo(500 / (4.8 / 3.6), -1);
  });

  it('leaves elevation unknown where no node has one', () => {
    const r = findStreetRoute(net, at(300, 100), at(150, 0), 'foot')!;
    expect(r.elevationHighestM).toBeNull();
    expect(r.elevationLowestM).toBeNull();
    expect(r.directions.map(directionText)).toEqual([
      'Head south on Dalfaber Road',
      'Turn right onto Riverside Path',
    ]);
  });
});

describe('direction wording', () => {
  it('names turns by the change of heading', () => {
    expect(turnManeuver(5)).toBe('straight');
    expect(turnManeuver(-30)).toBe('turn-slight-left');
    expect(turnManeuver(90)).toBe('turn-right');
    expect(turnManeuver(-140)).toBe('turn-sharp-left');
    expect(turnManeuver(178)).toBe('uturn');
  });

  it('writes distances in miles, or yards when short', () => {
    expect(distanceText(1609.344)).toBe('1 mile');
    expect(distanceText(5000)).toBe('3.1 miles');
    expect(distanceText(50)).toBe('50 yards');
    expect(distanceText(1)).toBe('10 yards');
  });
});
