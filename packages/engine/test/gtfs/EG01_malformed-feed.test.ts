// Feature under test: bad feeds give warnings naming file, line and field; bad rows are skipped, the rest loads.
import { describe, expect, it } from 'vitest';
import { readGtfsFeed } from '../../src/gtfs/readFeed.ts';
import { baseFeed, readInline } from '../support/inlineFeed.ts';

describe('malformed feeds', () => {
  it('a missing required file is an error naming the file', () => {
    const files = baseFeed();
    delete files['stops.txt'];
    const r = readInline(files);
    expect(r.ok).toBe(false);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ file: 'stops.txt', severity: 'error', message: 'required file is missing' }),
    );
  });

  it('a missing required column is an error naming file, line 1 and the column', () => {
    const r = readInline(baseFeed({ 'trips.txt': 'route_id,trip_id\nR1,T1' }));
    expect(r.ok).toBe(false);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ file: 'trips.txt', line: 1, field: 'service_id', severity: 'error' }),
    );
  });

  it('an unknown stop id skips that row with a warning; the rest loads', () => {
    const r = readInline(
      baseFeed({
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,09:05:00,09:05:00,NOPE,2
          T1,09:10:00,09:10:00,B,3`,
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ file: 'stop_times.txt', line: 3, field: 'stop_id', severity: 'warning' }),
    );
    if (r.ok) expect(r.feed.stopTimes.tripOffsets[1]).toBe(2);
  });

  it('a trip whose times go backwards is skipped with a warning naming the line; other trips load', () => {
    const r = readInline(
      baseFeed({
        'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR1,ALL,T2',
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,08:50:00,08:50:00,B,2
          T2,10:00:00,10:00:00,A,1
          T2,10:10:00,10:10:00,B,2`,
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ file: 'stop_times.txt', line: 3, field: 'arrival_time' }),
    );
    if (r.ok) {
      expect(r.feed.trips.map((t) => t.valid)).toEqual([false, true]);
    }
  });

  it('unparseable times, dates, references and coordinates are counted warnings, not crashes', () => {
    const r = readInline(
      baseFeed({
        'stops.txt': `stop_id,stop_name,stop_lat,stop_lon
          A,Alpha,57.0,-3.8
          B,Bravo,57.01,-3.8
          C,Charlie,57.02,-3.8
          X,Bad,north,-3.8`,
        'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
          ALL,1,1,1,1,1,1,1,20260101,20271231
          BAD,1,1,1,1,1,1,1,2026-01-01,20271231`,
        'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR9,ALL,T9',
        'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
          T1,09:00:00,09:00:00,A,1
          T1,9h10,09:10:00,B,2
          T1,09:20:00,09:20:00,C,3`,
      }),
    );
    expect(r.ok).toBe(true);
    const where = r.warnings.map((w) => `${w.file}:${w.line}:${w.field}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'stops.txt:5:stop_lat',
        'calendar.txt:3:start_date',
        'trips.txt:3:route_id',
        'stop_times.txt:3:arrival_time',
      ]),
    );
  });

  it('an unknown time zone is an error on agency.txt', () => {
    const r = readInline(
      baseFeed({
        'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nAG,X,https://x.invalid,Mars/Olympus',
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.warnings[0]).toMatchObject({
      file: 'agency.txt',
      line: 2,
      field: 'agency_timezone',
      severity: 'error',
    });
  });

  it('a file that is not a zip, or a path that does not exist, comes back as an error value', () => {
    expect(readGtfsFeed('/definitely/not/here.zip', { feedId: 'x' })).toMatchObject({ ok: false });
    const r = readGtfsFeed(new URL(import.meta.url).pathname, { feedId: 'x' });
    expect(r.ok).toBe(false);
    expect(r.warnings[0]?.message).toMatch(/not a readable zip/);
  });

  it('quoted fields, a byte-order mark, CRLF and space-padded coordinates are read', () => {
    const r = readInline(
      baseFeed({
        'stops.txt':
          '\uFEFFstop_id,stop_name,stop_lat,stop_lon\r\n"A","Alpha, ""the first""", 57.0 , -3.8 \r\nB,Bravo,57.01,-3.8\r\nC,Charlie,57.02,-3.8\r\n',
      }),
    );
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.feed.stops[0]).toMatchObject({ id: 'A', name: 'Alpha, "the first"', lat: 57, lon: -3.8 });
  });
});
