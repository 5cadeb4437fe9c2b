import { hullAround, offsetM } from './geo.ts';
import type { Point } from './geo.ts';
import type { Place, Station } from './places.ts';

/*
 * Regional services that are not timetables: taxis, car clubs, bike hire and the zones of the
 * flexible services. All operators are fictional; phone numbers come from Ofcom's ranges kept for
 * drama use (01632 960xxx, 0131 496 0xxx, 0141 496 0xxx), so no real line is ever dialled.
 */

export interface DemoTaxi {
  id: string;
  name: string;
  phone: string;
  placeIds: string[];
  radiusM: number;
  wheelchairAccessible: boolean;
}

export interface DemoBay extends Point {
  id: string;
  name: string;
  providerId: string;
  vehicles: number;
}

export interface DemoDock extends Point {
  id: string;
  name: string;
  capacity: number;
}

export interface DemoRank extends Point {
  id: string;
  name: string;
}

export interface DemoExtras {
  taxis: DemoTaxi[];
  ranks: DemoRank[];
  bays: DemoBay[];
  docks: DemoDock[];
  drtZone: Point[];
  communityZone: Point[];
}

export function buildExtras(places: readonly Place[], stations: readonly Station[]): DemoExtras {
  const placeById = new Map(places.map((p) => [p.id, p]));
  const stationByCrs = new Map(stations.map((s) => [s.crs, s]));
  const pl = (id: string) => placeById.get(id)!;
  const st = (crs: string) => stationByCrs.get(crs)!;

  const taxis: DemoTaxi[] = [
    {
      id: 'spey-cabs',
      name: 'Demo Spey Valley Cabs',
      phone: '01632 960201',
      placeIds: ['aviemore', 'boat-of-garten', 'carrbridge'],
      radiusM: 15000,
      wheelchairAccessible: true,
    },
    {
      id: 'badenoch-taxis',
      name: 'Demo Badenoch Taxis',
      phone: '01632 960202',
      placeIds: ['kingussie', 'newtonmore'],
      radiusM: 14000,
      wheelchairAccessible: false,
    },
    {
      id: 'grantown-cars',
      name: 'Demo Grantown Private Hire',
      phone: '01632 960203',
      placeIds: ['grantown', 'nethy-bridge', 'tomintoul'],
      radiusM: 0,
      wheelchairAccessible: false,
    },
    {
      id: 'deeside-taxis',
      name: 'Demo Royal Deeside Taxis',
      phone: '01632 960204',
      placeIds: ['ballater', 'braemar', 'aboyne'],
      radiusM: 0,
      wheelchairAccessible: true,
    },
    {
      id: 'atholl-taxis',
      name: 'Demo Atholl Taxis',
      phone: '01632 960205',
      placeIds: ['pitlochry'],
      radiusM: 16000,
      wheelchairAccessible: false,
    },
    {
      id: 'inverness-cabs',
      name: 'Demo Inverness City Cabs',
      phone: '01632 960206',
      placeIds: ['inverness'],
      radiusM: 20000,
      wheelchairAccessible: true,
    },
    {
      id: 'edinburgh-cabs',
      name: 'Demo Edinburgh Black Cabs',
      phone: '0131 496 0207',
      placeIds: ['edinburgh'],
      radiusM: 15000,
      wheelchairAccessible: true,
    },
    {
      id: 'glasgow-cabs',
      name: 'Demo Glasgow Taxis',
      phone: '0141 496 0208',
      placeIds: ['glasgow'],
      radiusM: 15000,
      wheelchairAccessible: true,
    },
  ];

  const rankAt = (id: string, name: string, p: Point) => ({ id, name, ...offsetM(p, 35, -25) });
  const ranks: DemoRank[] = [
    rankAt('rank-aviemore', 'Aviemore Station Taxi Rank', st('AVM')),
    rankAt('rank-kingussie', 'Kingussie Station Taxi Rank', st('KIN')),
    rankAt('rank-pitlochry', 'Pitlochry Station Taxi Rank', st('PIT')),
    rankAt('rank-inverness', 'Inverness Station Taxi Rank', st('INV')),
    rankAt('rank-perth', 'Perth Station Taxi Rank', st('PTH')),
    rankAt('rank-aberdeen', 'Aberdeen Station Taxi Rank', st('ABD')),
    rankAt('rank-edinburgh', 'Edinburgh Waverley Taxi Rank', st('EDB')),
    rankAt('rank-glasgow', 'Glasgow Queen Street Taxi Rank', st('GLQ')),
    rankAt('rank-ballater', 'Ballater Church Square Taxi Rank', pl('ballater')),
  ];

  const bay = (id: string, name: string, providerId: string, p: Point, vehicles = 1): DemoBay => ({
    id,
    name,
    providerId,
    vehicles,
    ...offsetM(p, -40, 30),
  });
  const bays: DemoBay[] = [
    bay('bay-aviemore-station', 'Aviemore Station', 'spey-car-club', st('AVM'), 2),
    bay('bay-kingussie-station', 'Kingussie Station', 'spey-car-club', st('KIN')),
    bay('bay-grantown-square', 'Grantown-on-Spey, The Square', 'spey-car-club', pl('grantown')),
    bay('bay-pitlochry-station', 'Pitlochry Station', 'highland-car-share', st('PIT')),
    bay('bay-ballater', 'Ballater, Station Square', 'highland-car-share', pl('ballater')),
    bay('bay-inverness-station', 'Inverness Station', 'highland-car-share', st('INV'), 3),
    bay('bay-perth-station', 'Perth Station', 'highland-car-share', st('PTH'), 2),
    bay('bay-aberdeen-station', 'Aberdeen Station', 'spey-car-club', st('ABD'), 2),
  ];

  const dock = (id: string, name: string, p: Point, capacity: number, east = 30, north = 40): DemoDock => ({
    id,
    name,
    capacity,
    ...offsetM(p, east, north),
  });
  const docks: DemoDock[] = [
    dock('aviemore-station', 'Aviemore Station', st('AVM'), 16),
    dock('aviemore-centre', 'Aviemore, Grampian Road', pl('aviemore'), 12, -30, -40),
    dock('coylumbridge', 'Coylumbridge', pl('coylumbridge'), 8),
    dock('glenmore', 'Glenmore, Loch Morlich', pl('glenmore'), 12),
    dock('boat-of-garten', 'Boat of Garten', pl('boat-of-garten'), 8),
    dock('nethy-bridge', 'Nethy Bridge', pl('nethy-bridge'), 6),
    dock('grantown', 'Grantown-on-Spey, The Square', pl('grantown'), 10),
    dock('carrbridge', 'Carrbridge Station', st('CAG'), 6),
    dock('kincraig', 'Kincraig', pl('kincraig'), 6),
    dock('kingussie-station', 'Kingussie Station', st('KIN'), 10),
    dock('newtonmore', 'Newtonmore', pl('newtonmore'), 8),
  ];

  return {
    taxis,
    ranks,
    bays,
    docks,
    drtZone: hullAround(['braemar', 'crathie', 'ballater', 'tarland'].map(pl), 4000),
    communityZone: hullAround(
      ['dalwhinnie', 'laggan', 'newtonmore', 'kingussie', 'kincraig', 'aviemore'].map(pl),
      3000,
    ),
  };
}
