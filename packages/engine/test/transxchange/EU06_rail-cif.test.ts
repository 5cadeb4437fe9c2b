// Feature: the RDG rail CIF reader: TIPLOCs to stations by CRS, public calls, STP overlays and cancellations, bank holiday running.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTimetableFeed } from '../../src/feeds/readTimetableFeed.ts';
import { journeysOn } from './feedDays.ts';

/*
 * A hand-made CIF full extract in the fixed-width layout of the CIF End User Specification
 * (records 80 characters; columns as the specification numbers them). One Highland Main Line
 * train, UID C12345, Monday to Friday 2 February – 10 April 2026, not on bank holidays, with an
 * overlay retiming it on Wednesday 11 February and a cancellation on Friday 13 February.
 */
const pad = (s: string): string => s.padEnd(80, ' ');
const at = (cols: Array<[number, string]>): string => {
  const line = Array.from({ length: 80 }, () => ' ');
  for (const [col, text] of cols) [...text].forEach((ch, i) => (line[col - 1 + i] = ch));
  return line.join('');
};
const ti = (tiploc: string, name: string, crs: string): string =>
  at([
    [1, 'TI'],
    [3, tiploc],
    [19, name],
    [54, crs],
  ]);
const bs = (from: string, to: string, days: string, bank: string, stp: string): string =>
  at([
    [1, 'BSN'],
    [4, 'C12345'],
    [10, from],
    [16, to],
    [22, days],
    [29, bank],
    [30, 'P'],
    [31, 'OO'],
    [33, '1H12'],
    [80, stp],
  ]);
const bx = at([
  [1, 'BX'],
  [12, 'SR'],
]);
const lo = (tiploc: string, dep: string): string =>
  at([
    [1, 'LO'],
    [3, tiploc],
    [11, `${dep} `],
    [16, dep],
    [30, 'TB'],
  ]);
const li = (tiploc: string, arr: string, dep: string, activity = 'T'): string =>
  at([
    [1, 'LI'],
    [3, tiploc],
    [11, `${arr} `],
    [16, `${dep} `],
    [26, arr],
    [30, dep],
    [43, activity],
  ]);
const pass = (tiploc: string, time: string): string =>
  at([
    [1, 'LI'],
    [3, tiploc],
    [21, `${time} `],
    [26, '0000'],
    [30, '0000'],
  ]);
const lt = (tiploc: string, arr: string): string =>
  at([
    [1, 'LT'],
    [3, tiploc],
    [11, `${arr} `],
    [16, arr],
    [26, 'TF'],
  ]);

const CIF = [
  pad('HDTPS.UDFROC1.PD2601300101261234DFROC1H       UA260130270126'),
  ti('AVIMORE', 'AVIEMORE', 'AVM'),
  ti('KNGUSSI', 'KINGUSSIE', 'KIN'),
  ti('NWTNMR', 'NEWTONMORE', 'NWR'),
  ti('DALWHNE', 'DALWHINNIE', 'DLW'),
  bs('260202', '260410', '1111100', 'X', 'P'),
  bx,
  lo('AVIMORE', '0900'),
  li('KNGUSSI', '0912', '0913'),
  pass('DALRADD', '0920'),
  li('NWTNMR', '0918', '0918', 'D'),
  lt('DALWHNE', '0935'),
  bs('260211', '260211', '0010000', 'X', 'O'),
  bx,
  lo('AVIMORE', '0930'),
  li('KNGUSSI', '0942', '0943'),
  lt('DALWHNE', '1005'),
  bs('260213', '260213', '0000100', ' ', 'C'),
  pad('ZZ'),
].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'cairn-cif-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, 'ttisf.mca');
writeFileSync(path, CIF);

describe('U06 rail CIF', () => {
  const read = () => {
    const r = readTimetableFeed(path, { feedId: 'rail', type: 'rail-cif', nation: 'scotland' });
    if (!r.ok) throw new Error(JSON.stringify(r.warnings));
    return r.feed;
  };

  it('calls at the stations with public times, named and placed by CRS; passes are not calls', () => {
    const feed = read();
    const [train] = journeysOn(feed, 20260210);
    expect(train!.calls.map((c) => `${c.atco} ${c.name} ${c.time}`)).toEqual([
      'AVM Aviemore 09:00',
      'KIN Kingussie 09:13',
      'NWR Newtonmore 09:18',
      'DLW Dalwhinnie 09:35',
    ]);
    const avm = feed.stops.find((s) => s.id === 'AVM')!;
    expect(avm.lat).toBeCloseTo(57.188, 2);
    // Newtonmore is set down only; the origin picks up only.
    const st = feed.stopTimes;
    expect([...st.pickupType.slice(0, 4)]).toEqual([0, 0, 1, 1]);
    expect(feed.routes[0]).toMatchObject({ shortName: 'SR', mode: 'train' });
  });

  it('the overlay replaces the permanent schedule on its day; the cancellation removes it on its day', () => {
    const feed = read();
    const starts = (date: number): string[] => journeysOn(feed, date).map((j) => j.calls[0]!.time);
    expect(starts(20260210)).toEqual(['09:00']);
    expect(starts(20260211)).toEqual(['09:30']);
    expect(starts(20260213)).toEqual([]);
    expect(starts(20260216)).toEqual(['09:00']);
    expect(starts(20260214)).toEqual([]);
  });

  it('a schedule marked X does not run on the nation’s bank holidays (Good Friday both; Easter Monday only in England)', () => {
    const scotland = read();
    const r = readTimetableFeed(path, { feedId: 'rail', type: 'rail-cif', nation: 'england-wales' });
    if (!r.ok) throw new Error('unreadable');
    const england = r.feed;
    expect(journeysOn(scotland, 20260403)).toEqual([]);
    expect(journeysOn(england, 20260403)).toEqual([]);
    expect(journeysOn(scotland, 20260406)).toHaveLength(1);
    expect(journeysOn(england, 20260406)).toEqual([]);
    expect(journeysOn(england, 20260407)).toHaveLength(1);
  });

  it('a file that is not CIF is an error', () => {
    const bad = join(dir, 'bad.cif');
    writeFileSync(bad, 'hello\n');
    const r = readTimetableFeed(bad, { feedId: 'rail', type: 'rail-cif' });
    expect(r.ok).toBe(false);
    expect(r.warnings[0]).toMatchObject({ severity: 'error', line: 1 });
  });
});
