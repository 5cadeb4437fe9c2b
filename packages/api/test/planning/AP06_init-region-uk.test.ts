// Feature under test: `cairn init-region` on UK timetables (TransXChange, ATCO-CIF), told by content, then check-region, build-region and plan on the region it writes, as the README's "UK feeds" steps say.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { readGtfsFeed, writeTransxchange } from '@cairn/engine/region';
import { afterEach, describe, expect, it } from 'vitest';
import { childClockEnv } from '../helpers/testClock.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');
// The real feeds beside the checkout (CAIRN_SHARED_DATA when the checkout is a worktree one level deeper).
const DATA = process.env.CAIRN_SHARED_DATA ?? resolve(ROOT, '../shared/data');
const ABERDEEN_17 = join(DATA, 'uk/SVRABBN017.xml');
const ULSTERBUS_218 = join(DATA, 'uk/218_219.cif');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-ap06-'));
  dirs.push(dir);
  return dir;
}

/** Runs `cairn …` in `cwd`: its exit code and everything it printed. */
function cairn(cwd: string, args: string[]): { code: number; out: string } {
  const r = spawnSync(process.execPath, [CAIRN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...childClockEnv() },
  });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/**
 * A small TransXChange timetable and its NaPTAN Stops.csv, written the way a scheduling system
 * publishes one: a daily bus in Aberdeenshire (ATCO area 630) from Ballater to Aboyne and on to
 * Banchory, running until 2099.
 */
function smallTransxchange(dir: string): { xml: string; naptanCsv: string } {
  const gtfs = join(dir, 'gtfs-source');
  mkdirSync(gtfs, { recursive: true });
  const files: Record<string, string> = {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nDS,Deeside Buses,https://bus.example,Europe/London',
    'stops.txt':
      'stop_id,stop_name,stop_lat,stop_lon\n630001,Ballater Station Square,57.0497,-3.0390\n630002,Aboyne Charlestown Road,57.0756,-2.7800\n630003,Banchory High Street,57.0510,-2.4930',
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\n201,DS,201,3',
    'trips.txt': 'route_id,service_id,trip_id\n201,S,T1',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,09:00:00,09:00:00,630001,1\nT1,09:25:00,09:25:00,630002,2\nT1,09:50:00,09:50:00,630003,3',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20200101,20991231',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(gtfs, name), `${text}\n`);
  const read = readGtfsFeed(gtfs, { feedId: 'src' });
  if (!read.ok) throw new Error('the source GTFS of the generated TransXChange did not read');
  return writeTransxchange(read.feed);
}

/** The shell lines of the README block marked `region-walk-uk`. */
function readmeUkLines(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const mark = readme.findIndex((l) => l.startsWith('<!-- region-walk-uk'));
  const open = readme.indexOf('```sh', mark);
  const close = readme.indexOf('```', open + 1);
  if (mark < 0 || open < 0 || close < 0) throw new Error('README has no region-walk-uk block');
  return readme.slice(open + 1, close).filter((l) => l.trim() !== '');
}

/** The region.json init-region wrote in `regionDir`: UK time and pounds, its one feed as `feed` says, with no NaPTAN file. */
function ukRegionWithoutNaptan(regionDir: string, feed: Record<string, string>) {
  const region = JSON.parse(readFileSync(join(regionDir, 'region.json'), 'utf8'));
  expect(region).toMatchObject({ timeZone: 'Europe/London', currency: 'GBP', feeds: [feed] });
  expect(region.feeds[0].stops).toBeUndefined();
  return region as { name: string; bbox: { minLat: number; maxLat: number; minLon: number; maxLon: number } };
}

/** Tomorrow's date, YYYY-MM-DD, for a plan on the generated daily bus. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

describe('init-region on UK timetables', () => {
  it("follows the README's UK steps word for word on a TransXChange zip and NaPTAN, then plans on the region (init-region read GTFS only before)", () => {
    const dir = tempDir();
    const { xml, naptanCsv } = smallTransxchange(dir);
    const zip = join(dir, 'deeside-txc.zip');
    writeFileSync(zip, zipSync({ 'DS_201.xml': new TextEncoder().encode(xml) }));
    writeFileSync(join(dir, 'naptan-download.csv'), naptanCsv);
    for (const line of readmeUkLines()) {
      const asRun = line
        .replace('path/to/your-transxchange.zip', zip)
        .replace('path/to/Stops.csv', join(dir, 'naptan-download.csv'))
        .replaceAll('npx cairn', `"${process.execPath}" "${CAIRN}"`);
      execFileSync('sh', ['-c', asRun], {
        cwd: dir,
        stdio: 'pipe',
        env: { ...process.env, ...childClockEnv() },
      });
    }
    const region = JSON.parse(readFileSync(join(dir, 'my-region/region.json'), 'utf8'));
    expect(region).toMatchObject({
      id: 'my-region',
      name: 'Deeside Buses',
      timeZone: 'Europe/London',
      currency: 'GBP',
      feeds: [
        {
          id: 'bus',
          path: 'transxchange/bus.zip',
          type: 'transxchange',
          stops: 'naptan/Stops.csv',
          // ATCO area 630 is Aberdeenshire: Scotland's bank holidays.
          nation: 'scotland',
        },
      ],
    });
    // The box holds the stops, Ballater to Banchory, with a walk's margin.
    expect(region.bbox.minLon).toBeLessThan(-3.039);
    expect(region.bbox.maxLon).toBeGreaterThan(-2.493);
    expect(region.bbox.minLat).toBeLessThan(57.0497);
    expect(region.bbox.maxLat).toBeGreaterThan(57.0756);
    expect(existsSync(join(dir, 'my-region/timetable.bin'))).toBe(true);

    const plan = cairn(dir, [
      'plan',
      '--region',
      'my-region',
      '--from',
      '57.0497,-3.0390',
      '--to',
      '57.0510,-2.4930',
      '--depart',
      `${tomorrow()}T08:30`,
    ]);
    expect(plan.out).toMatch(/09:00/);
    expect(plan.code).toBe(0);
  });

  it('tells TransXChange by its content whatever the file is called, and says what a file of no known format is', () => {
    const dir = tempDir();
    const { xml, naptanCsv } = smallTransxchange(dir);
    writeFileSync(join(dir, 'export.dat'), xml);
    writeFileSync(join(dir, 'Stops.csv'), naptanCsv);
    const made = cairn(dir, ['init-region', '--region', 'r', '--feed', 'export.dat', '--stops', 'Stops.csv']);
    expect(made.out).not.toMatch(/error/);
    expect(made.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'r/region.json'), 'utf8')).feeds[0]).toMatchObject({
      id: 'export-dat',
      type: 'transxchange',
    });
    const built = cairn(dir, ['build-region', '--region', 'r']);
    expect(built.code).toBe(0);
    // The build names the format it read, not GTFS, which the feed never was.
    expect(built.out).toMatch(/timetable: parsed TransXChange \(/);
    expect(built.out).not.toMatch(/GTFS/);

    writeFileSync(join(dir, 'notes.txt'), 'minutes of the bus users group\n');
    const refused = cairn(dir, ['init-region', '--region', 'q', '--feed', 'notes.txt']);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/neither a GTFS zip nor a TransXChange document, ATCO-CIF or rail CIF file/);
    expect(existsSync(join(dir, 'q/region.json'))).toBe(false);
  });

  it('a TransXChange file whose stops NaPTAN does not place fails, naming them and the --stops to add', () => {
    const dir = tempDir();
    const { xml, naptanCsv } = smallTransxchange(dir);
    writeFileSync(join(dir, 'timetable.xml'), xml);
    const refused = cairn(dir, ['init-region', '--region', 'r', '--gtfs', 'timetable.xml']);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/3 stop\(s\) have no position in the feed, e\.g\. 630001 \(/);
    expect(refused.out).toMatch(/give --stops with NaPTAN stops .*ATCO area code\(s\) 630 for these/);
    expect(existsSync(join(dir, 'r/region.json'))).toBe(false);

    // NaPTAN lacking one of them: still refused, and it says the file given did not have them.
    writeFileSync(join(dir, 'Stops.csv'), naptanCsv.split('\n').slice(0, 3).join('\n'));
    const partial = cairn(dir, [
      'init-region',
      '--region',
      'r',
      '--feed',
      'timetable.xml',
      '--stops',
      'Stops.csv',
    ]);
    expect(partial.code).toBe(1);
    expect(partial.out).toMatch(
      /1 stop\(s\) have no position in the feed \(not in Stops\.csv either\), e\.g\. 630003/,
    );
  });

  it('tells a rail CIF extract by its HD record: stations placed by CRS, no NaPTAN asked for; it checks and builds as of a day it runs', () => {
    const dir = tempDir();
    // The fixed-width layout of the CIF End User Specification: one train Aviemore → Kingussie on weekdays.
    const at = (cols: Array<[number, string]>): string => {
      const line = Array.from({ length: 80 }, () => ' ');
      for (const [col, text] of cols) [...text].forEach((ch, i) => (line[col - 1 + i] = ch));
      return line.join('');
    };
    const cif = [
      'HDTPS.UDFROC1.PD2601300101261234DFROC1H       UA260130270126'.padEnd(80),
      at([
        [1, 'TI'],
        [3, 'AVIMORE'],
        [19, 'AVIEMORE'],
        [54, 'AVM'],
      ]),
      at([
        [1, 'TI'],
        [3, 'KNGUSSI'],
        [19, 'KINGUSSIE'],
        [54, 'KIN'],
      ]),
      at([
        [1, 'BSN'],
        [4, 'C12345'],
        [10, '260202'],
        [16, '260410'],
        [22, '1111100'],
        [29, 'X'],
        [30, 'P'],
        [31, 'OO'],
        [33, '1H12'],
        [80, 'P'],
      ]),
      at([
        [1, 'BX'],
        [12, 'SR'],
      ]),
      at([
        [1, 'LO'],
        [3, 'AVIMORE'],
        [11, '0900 '],
        [16, '0900'],
        [30, 'TB'],
      ]),
      at([
        [1, 'LT'],
        [3, 'KNGUSSI'],
        [11, '0912 '],
        [16, '0912'],
        [26, 'TF'],
      ]),
      'ZZ'.padEnd(80),
    ].join('\n');
    writeFileSync(join(dir, 'TTISF123.MCA'), cif);
    const made = cairn(dir, [
      'init-region',
      '--region',
      'rail',
      '--feed',
      'TTISF123.MCA',
      '--nation',
      'scotland',
    ]);
    expect(made.code).toBe(0);
    const region = ukRegionWithoutNaptan(join(dir, 'rail'), {
      id: 'TTISF123',
      type: 'rail-cif',
      nation: 'scotland',
    });
    // Aviemore (57.19, -3.83) and Kingussie (57.08, -4.05) stations, from uk-railway-stations.
    expect(region.bbox.minLat).toBeLessThan(57.08);
    expect(region.bbox.maxLat).toBeGreaterThan(57.19);
    expect(region.bbox.minLon).toBeLessThan(-4.05);
    expect(cairn(dir, ['build-region', '--region', 'rail', '--today', '2026-02-03']).code).toBe(0);
  });

  describe.skipIf(!existsSync(ABERDEEN_17))('real TransXChange (First Aberdeen 17)', () => {
    it('without NaPTAN, says how many stops need positions and where NaPTAN comes from (it said "not a readable zip archive" before)', () => {
      const dir = tempDir();
      const refused = cairn(dir, ['init-region', '--region', 'r', '--gtfs', ABERDEEN_17]);
      expect(refused.code).toBe(1);
      expect(refused.out).not.toMatch(/zip/i);
      expect(refused.out).toMatch(
        /86 stop\(s\) have no position in the feed, e\.g\. 639004802 \(Tornashean Gardens\)/,
      );
      expect(refused.out).toMatch(/naptan\.api\.dft\.gov\.uk.*ATCO area code\(s\) 639/);
    });
  });

  describe.skipIf(!existsSync(ULSTERBUS_218))('real ATCO-CIF (Ulsterbus 218/219, 2019)', () => {
    it('writes an atco-cif region in Northern Ireland from a file not named .cif, which checks, builds and plans Belfast to Coleraine', () => {
      const dir = tempDir();
      // Told by content: the same file under a name that says nothing.
      copyFileSync(ULSTERBUS_218, join(dir, 'ulsterbus-export.txt'));
      const made = cairn(dir, ['init-region', '--region', 'ni', '--feed', 'ulsterbus-export.txt']);
      expect(made.code).toBe(0);
      // No fare file, but UK timetables are in pounds: no warning that GBP was assumed.
      expect(made.out).not.toMatch(/no fare file names a currency/);
      const region = ukRegionWithoutNaptan(join(dir, 'ni'), {
        type: 'atco-cif',
        nation: 'northern-ireland',
        path: '../ulsterbus-export.txt',
      });
      // Named after the operator its QP record names, not its code "GLE".
      expect(region.name).toBe('Goldline Express');
      // Belfast (54.60, -5.93) and Coleraine (55.13, -6.67) inside the box.
      expect(region.bbox.minLat).toBeLessThan(54.6);
      expect(region.bbox.maxLat).toBeGreaterThan(55.13);

      // The 2019 timetable has ended: check-region says so, and build-region builds as of a day it ran.
      const check = cairn(dir, ['check-region', '--region', 'ni']);
      expect(check.out).toMatch(/the timetable has ended/);
      expect(cairn(dir, ['build-region', '--region', 'ni', '--today', '2019-10-01']).code).toBe(0);
      const plan = cairn(dir, [
        'plan',
        '--region',
        'ni',
        '--from',
        '54.5945,-5.9365',
        '--to',
        '55.1300,-6.6700',
        '--depart',
        '2019-10-01T07:30',
      ]);
      expect(plan.code).toBe(0);
      expect(plan.out).toMatch(/218|219/);
      // By name: no record but the route descriptions says "Belfast" ("Belfast, Europa Buscentre").
      const byName = cairn(dir, [
        'plan',
        '--region',
        'ni',
        '--from',
        'Belfast',
        '--to',
        'Coleraine',
        '--depart',
        '2019-10-01T07:30',
      ]);
      expect(byName.out).toMatch(/from: Belfast, Europa Buscentre \(stop\)/);
      expect(byName.out).toMatch(/bus 21[89]/);
    });
  });
});
