// Feature under test: readFeed reads each file of a feed once, and the fare code prices with what it read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGtfsFeeds } from '../../src/gtfs/loadFeeds.ts';
import { fareFeedOf, readGtfsFareFeed, readGtfsSource } from '../../src/gtfs/readFeed.ts';
import { openGtfsSource } from '../../src/gtfs/source.ts';
import type { GtfsSource } from '../../src/gtfs/source.ts';
import { buildGtfsFares } from '../../src/journeys/fares/gtfsFares.ts';
import { baseFeed, sourceFromFiles } from '../support/inlineFeed.ts';

const FARES = {
  'stops.txt': `stop_id,stop_name,stop_lat,stop_lon,zone_id
    A,Alpha,57.000,-3.800,Z1
    B,Bravo,57.010,-3.800,Z1
    C,Charlie,57.020,-3.800,Z2
    D,Delta,57.030,-3.800,Z2`,
  'fare_attributes.txt': 'fare_id,price,currency_type,payment_method,transfers\nF12,3.00,GBP,0,0',
  'fare_rules.txt': 'fare_id,origin_id,destination_id\nF12,Z1,Z2',
  'transfers.txt': 'from_stop_id,to_stop_id,transfer_type\nA,B,0',
  'frequencies.txt': 'trip_id,start_time,end_time,headway_secs\nT1,10:00:00,11:00:00,900',
  'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nS,57,-3.8,1\nS,57.02,-3.8,2',
  'feed_info.txt': 'feed_publisher_name,feed_version\nCairn,1',
  'calendar_dates.txt': 'service_id,date,exception_type\nALL,20261225,2',
};

/** A source that counts how often each file is read. */
function counting(source: GtfsSource): { source: GtfsSource; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    source: {
      path: source.path,
      has: (f) => source.has(f),
      read: (f) => {
        reads.set(f, (reads.get(f) ?? 0) + 1);
        return source.read(f);
      },
    },
  };
}

const dirs: string[] = [];
/** The files in a folder on disk, as a feed is published. */
function folderOf(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-gtfs-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, name), text.replace(/^[ \t]+/gm, ''));
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true })));

describe('readFeed', () => {
  it('reads each file of the feed once, the fare files included', () => {
    const { source, reads } = counting(sourceFromFiles(baseFeed(FARES)));
    const read = readGtfsSource(source, { feedId: 'f' });
    expect(read.ok).toBe(true);
    for (const [file, n] of reads) expect(`${file} ×${n}`).toBe(`${file} ×1`);
    for (const file of Object.keys(baseFeed(FARES))) expect(reads.has(file), file).toBe(true);
    expect(reads.has('fare_products.txt')).toBe(true);
  });

  it('keeps the fare tables, and the fare code prices with them', () => {
    const read = readGtfsSource(sourceFromFiles(baseFeed(FARES)), { feedId: 'f' });
    if (!read.ok) throw new Error('feed not usable');
    const fares = buildGtfsFares(fareFeedOf(read.feed));
    expect(fares?.v1?.attributes.get('F12')?.pricePence).toBe(300);
    expect(fares?.stopZone.get('C')).toBe('Z2');
    const noFares = readGtfsSource(sourceFromFiles(baseFeed()), { feedId: 'f' });
    expect(noFares.ok && buildGtfsFares(noFares.feed)).toBeUndefined();
  });

  it('loading feeds hands back the fare side of the same read', () => {
    const loaded = loadGtfsFeeds([{ id: 'f', path: folderOf(baseFeed(FARES)) }]);
    if (!loaded.ok) throw new Error('feed not usable');
    expect(loaded.fareFeeds.map((f) => f.id)).toEqual(['f']);
    expect(loaded.fareFeeds[0]?.fares.rules).toEqual([
      { fareId: 'F12', routeId: '', originId: 'Z1', destinationId: 'Z2', containsId: '' },
    ]);
  });
});

describe('readGtfsFareFeed (the fares of a feed whose timetable is a snapshot)', () => {
  it('opens only the files fares need and reads the same tables as the whole read', () => {
    const dir = folderOf(baseFeed(FARES));
    const only = openGtfsSource(dir, new Set(['stops.txt']));
    expect(only.ok && [only.source.has('stops.txt'), only.source.has('stop_times.txt')]).toEqual([
      true,
      false,
    ]);
    const whole = readGtfsSource(sourceFromFiles(baseFeed(FARES)), { feedId: 'f' });
    if (!whole.ok) throw new Error('feed not usable');
    expect(readGtfsFareFeed(dir, 'f')).toEqual(fareFeedOf(whole.feed));
  });

  it('is undefined for a feed without fare files or a path that does not open', () => {
    expect(readGtfsFareFeed(folderOf(baseFeed()), 'f')).toBeUndefined();
    expect(readGtfsFareFeed(join(tmpdir(), 'no-such-feed-here'), 'f')).toBeUndefined();
  });
});
