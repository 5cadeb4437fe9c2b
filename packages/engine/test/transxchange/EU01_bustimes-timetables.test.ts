// Feature: the TransXChange reader gives, departure by departure, the timetables the bustimes.org project's tests state for the same real files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GtfsFeed } from '../../src/gtfs/types.ts';
import type { NaptanData } from '../../src/naptan/readNaptan.ts';
import type { Nation } from '../../src/transxchange/bankHolidays.ts';
import { readTransxchangeFeed } from '../../src/transxchange/readFeed.ts';
import { countStopUsages, journeysOn } from './feedDays.ts';
import type { PrintedJourney } from './feedDays.ts';

/*
 * The facts come from bustimes.org's tests (bustimes/management/tests/test_import_transxchange.py:
 * test_timetable_deadruns, test_do_service_scotland, test_multiple_operators, test_timetable_goole),
 * read as statements of what each file means. bustimes prints a timetable as rows of stops and
 * columns of journeys and folds runs of evenly spaced columns into "then every N minutes";
 * the comments below translate each of its row/column statements into journeys and calls.
 *
 * These files carry no stop positions and NaPTAN is not among the shared data, so each stop the
 * file names gets a placeholder position; nothing here is about positions.
 */

const UK = join(import.meta.dirname, '../../../../../shared/data/uk');

function read(file: string, nation: Nation): GtfsFeed {
  const path = join(UK, file);
  const naptan: NaptanData = { stops: new Map(), areas: new Map() };
  for (const m of readFileSync(path, 'utf8').matchAll(/<StopPointRef>([^<]+)<\/StopPointRef>/g))
    naptan.stops.set(m[1]!, { atco: m[1]!, name: '', lat: 0, lon: 0, areas: [] });
  const result = readTransxchangeFeed(path, { feedId: 'uk', nation, naptan });
  if (!result.ok) throw new Error(result.warnings.map((w) => w.message).join('; '));
  return result.feed;
}

/**
 * A direction's journeys as bustimes' rows: the stops of its longest journey, each other
 * journey placed on the run of rows its calls match. Row r of column c is the time of journey c there.
 */
function rowsOf(journeys: PrintedJourney[]): { stops: string[]; times: (r: number) => string[] } {
  const longest = journeys.reduce((a, b) => (b.calls.length > a.calls.length ? b : a));
  const stops = longest.calls.map((c) => c.name);
  const ids = longest.calls.map((c) => c.atco);
  const placed = journeys.map((j) => {
    const at = ids.findIndex((_, r) => j.calls.every((c, k) => ids[r + k] === c.atco));
    expect(at, `journey ${j.id} follows the rows`).toBeGreaterThanOrEqual(0);
    return { at, j };
  });
  const times = (r: number): string[] => {
    const row = r < 0 ? stops.length + r : r;
    return placed.map(({ at, j }) => j.calls[row - at]?.time ?? '');
  };
  return { stops, times };
}

const on = (feed: GtfsFeed, iso: string, direction: 'outbound' | 'inbound'): PrintedJourney[] =>
  journeysOn(feed, Number(iso.replaceAll('-', ''))).filter((j) => j.direction === direction);

describe.skipIf(!existsSync(UK))('U01 TransXChange files against bustimes.org', () => {
  it('SVRLABO024A (Chorley – Blackburn 24A): evening journeys that start after a dead run, 13 April 2017', () => {
    const feed = read('SVRLABO024A.xml', 'england-wales');
    const outbound = rowsOf(on(feed, '2017-04-13', 'outbound'));
    const inbound = rowsOf(on(feed, '2017-04-13', 'inbound'));
    expect(inbound.stops).toHaveLength(49);
    expect(outbound.stops).toHaveLength(29);

    expect(inbound.times(0)).toEqual(['19:12', '', '']);
    expect(inbound.times(21)).toEqual(['19:29', '', '']);
    // The 21:00 and 22:30 start where their StartDeadRun's short working begins (row 22).
    expect(inbound.times(22)).toEqual(['19:30', '21:00', '22:30']);
    expect(inbound.times(-25)).toEqual(['19:32', '21:02', '22:32']);
    expect(inbound.times(-24)).toEqual(['19:33', '21:03', '22:33']);
    expect(inbound.times(-12)).toEqual(['19:42', '21:12', '22:42']);
    expect(inbound.times(-8)).toEqual(['19:47', '21:17', '22:47']);
    expect(inbound.times(-7)).toEqual(['19:48', '21:18', '22:48']);
    expect(inbound.times(-1)).toEqual(['19:53', '21:23', '22:53']);

    expect(outbound.times(0)).toEqual(['20:35', '22:05', '23:30']);
    expect(outbound.times(-25)).toEqual(['20:38', '22:08', '23:33']);
    expect(outbound.times(-24)).toEqual(['20:39', '22:09', '23:34']);
    expect(outbound.times(-12)).toEqual(['20:52', '22:22', '23:47']);
    expect(outbound.times(-8)).toEqual(['20:55', '22:25', '23:50']);
    expect(outbound.times(-7)).toEqual(['20:55', '22:25', '23:50']);
    expect(outbound.times(-1)).toEqual(['20:58', '22:28', '23:53']);

    expect(inbound.stops.slice(-3)).toEqual(['Eldon Street', 'Railway Station', 'Bus Station']);
    expect(outbound.stops.slice(-3)).toEqual(['Twist Moor Lane', 'Gladstone Terrace', 'Hare and Hounds']);
    // bustimes: 102 stop usages (stops served, per direction).
    expect(countStopUsages(feed)).toBe(102);
  });

  it('SVRLABO024A: Easter Sunday 16 April 2017, the last journey ending early (EndDeadRun)', () => {
    const feed = read('SVRLABO024A.xml', 'england-wales');
    const outbound = rowsOf(on(feed, '2017-04-16', 'outbound'));
    // bustimes' row 0 from its third column: the last five departures.
    expect(outbound.times(0).slice(-5)).toEqual(['15:28', '16:27', '17:28', '18:28', '19:28']);
    // The 19:28 ends at Hare and Hounds (bustimes' rows[-26] and [-25]); rows after it are empty.
    const last = (r: number): string => outbound.times(r).at(-1)!;
    expect(last(-26)).toBe('19:50');
    expect(last(-25)).toBe('19:51');
    for (const r of [-24, -23, -6, -5, -4]) expect(last(r)).toBe('');
    expect(outbound.times(-3).slice(-4)).toEqual(['17:04', '18:05', '19:05', '']);
    expect(outbound.times(-2).slice(-4)).toEqual(['17:04', '18:05', '19:05', '']);
    expect(outbound.times(-1).slice(-4)).toEqual(['17:06', '18:07', '19:07', '']);
  });

  it('SVRLABO024A: on Good Friday (a bank holiday) the holidays-only journeys run, as on a Sunday', () => {
    const feed = read('SVRLABO024A.xml', 'england-wales');
    // bustimes counts 7 columns on its first row both on Good Friday and on Easter Sunday, after
    // folding evenly spaced columns; unfolded, both days have the same eleven departures.
    const starts = (iso: string): string[] => on(feed, iso, 'outbound').map((j) => j.calls[0]!.time);
    expect(starts('2017-04-14')).toEqual(starts('2017-04-16'));
    expect(starts('2017-04-14')).toHaveLength(11);
    // And the Monday-to-Friday journeys do not run on the bank holiday.
    expect(on(feed, '2017-04-14', 'inbound').map((j) => j.calls[0]!.time)).not.toContain('19:12');
  });

  it('SVRABBN017 (First Aberdeen N17): night journeys every 30 minutes, none on the special day of non-operation', () => {
    const feed = read('SVRABBN017.xml', 'scotland');
    // bustimes: 3 columns each way on 25 June 2016 — first, "then every 30 minutes until", last.
    for (const direction of ['outbound', 'inbound'] as const) {
      const starts = on(feed, '2016-06-25', direction).map((j) => j.calls[0]!.time);
      const minutes = starts.map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
      expect(starts.length).toBeGreaterThan(2);
      for (let i = 1; i < minutes.length; i++) expect(minutes[i]! - minutes[i - 1]!).toBe(30);
    }
    // "Within operating period, but with no journeys" on 18 April 2026.
    expect(journeysOn(feed, 20260418)).toEqual([]);
    expect(countStopUsages(feed)).toBe(88);
  });

  it('SVRABAO421 (Inverurie – Alford): Saturdays until Saturday 14 August 2021', () => {
    const feed = read('SVRABAO421.xml', 'scotland');
    expect(journeysOn(feed, 20210814)).toHaveLength(16);
    expect(journeysOn(feed, 20210821)).toEqual([]);
    expect(journeysOn(feed, 20210813)).toEqual([]);
    // Two operators are listed and only one (SBLB) runs journeys: only it becomes an agency.
    expect(feed.agencies.map((a) => a.id)).toEqual(['SBLB']);
  });

  it('SVRYEAGT00 (Goole town circular): next day of operation and the 27 January 2017 timetable', () => {
    const feed = read('SVRYEAGT00.xml', 'england-wales');
    // On Wednesday 27 June 2012 nothing runs; the next day of operation is Saturday 30 June.
    for (const d of [20120627, 20120628, 20120629]) expect(journeysOn(feed, d)).toEqual([]);
    expect(journeysOn(feed, 20120630).length).toBeGreaterThan(0);
    // From Sunday 21 February 2016 the next date is Monday 22 February.
    expect(journeysOn(feed, 20160221)).toEqual([]);
    expect(journeysOn(feed, 20160222).length).toBeGreaterThan(0);

    // bustimes prints this circular in 11 columns for the day's 13 journeys (it sets short
    // journeys side by side), so its columns cannot be matched one by one; its first row (Goole
    // Interchange) holds the departures of the journeys starting there, and its tenth row every
    // call at Goole North Street.
    expect(countStopUsages(feed)).toBe(34);
    const day = journeysOn(feed, 20170127);
    expect(day).toHaveLength(13);
    expect(day.filter((j) => j.calls[0]!.name === 'Goole Interchange').map((j) => j.calls[0]!.time)).toEqual([
      '09:48',
      '10:28',
      '11:08',
      '11:48',
      '12:28',
      '13:08',
      '13:48',
      '14:28',
      '15:08',
    ]);
    const callsAt = (name: string): string[] =>
      day.flatMap((j) => j.calls.filter((c) => c.name === name).map((c) => c.time)).sort();
    expect(callsAt('Goole North Street')).toEqual([
      '08:57',
      '09:37',
      '10:17',
      '10:57',
      '11:37',
      '12:17',
      '12:57',
      '13:37',
      '14:17',
      '14:57',
      '15:45',
    ]);
  });
});
