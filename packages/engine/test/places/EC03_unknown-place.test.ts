// Feature under test: a search end that matches no place, or lies outside the region, gets a clear message (issue #14); one end outside is placed and marked (issue 27).
import { SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { locateEnd, locateEnds } from '../../src/places/locateEnd.ts';
import type { CoveredArea, FindPlace } from '../../src/places/locateEnd.ts';

const area: CoveredArea = { name: 'Cairngorms', minLat: 56.5, minLon: -4.5, maxLat: 57.7, maxLon: -2.5 };
const GAZETTEER: Record<string, { label: string; lat: number; lon: number }> = {
  aviemore: { label: 'Aviemore', lat: 57.1955, lon: -3.8259 },
  london: { label: 'London', lat: 51.5072, lon: -0.1276 },
};
const find: FindPlace = (text) => GAZETTEER[text.trim().toLowerCase()];
const request = (extra: object) =>
  SearchRequest.parse({
    origin: 'Aviemore',
    destination: 'Aviemore',
    out_time: '2026/06/15 09:00:00',
    ...extra,
  });

describe('locateEnd', () => {
  it('places a known text inside the area', () =>
    expect(locateEnd('Aviemore', undefined, find, area)).toEqual({
      ok: true,
      name: 'Aviemore',
      lat: 57.1955,
      lon: -3.8259,
    }));

  it('says it could not find a text that matches nothing, quoting it and naming the region', () =>
    expect(locateEnd('Xyzzyqq', undefined, find, area)).toEqual({
      ok: false,
      reason: 'not found',
      message: 'We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms.',
    }));

  it('marks a place found outside the area as outside: the planner estimates beyond the region (issue 27)', () =>
    expect(locateEnd('London', undefined, find, area)).toEqual({
      ok: true,
      name: 'London',
      lat: 51.5072,
      lon: -0.1276,
      outside: true,
    }));

  it('checks chosen coordinates against the area too, whatever the text', () => {
    expect(locateEnd('My flat', { lat: 51.5, lng: -0.12 }, find, area)).toMatchObject({
      ok: true,
      outside: true,
    });
    expect(locateEnd('Xyzzyqq', { lat: 57.19, lng: -3.82 }, find, area)).toMatchObject({
      ok: true,
      lat: 57.19,
    });
  });

  it('shortens a very long text in the message', () => {
    const r = locateEnd('x'.repeat(200), undefined, find, area);
    if (r.ok) throw new Error('expected not found');
    expect(r.message.length).toBeLessThan(140);
    expect(r.message).toContain('…"');
  });
});

describe('locateEnds', () => {
  it('places both ends, or answers each end that cannot be placed with its problem and message', () => {
    expect(locateEnds(request({}), find, area)).toMatchObject({ ok: true, origin: { ok: true } });
    const r = locateEnds(request({ origin: 'Xyzzyqq', destination: 'London' }), find, area);
    if (r.ok) throw new Error('expected unplaced ends');
    expect(r.unplaced.map((e) => [e.end, e.problem])).toEqual([['origin', 'not found']]);
    expect(r.unplaced[0]?.message).toMatch(/couldn't find "Xyzzyqq"/);
    // One end may lie outside; both outside leave nothing to plan.
    expect(locateEnds(request({ destination: 'London' }), find, area)).toMatchObject({
      ok: true,
      destination: { outside: true },
    });
    const both = locateEnds(request({ origin: 'London', destination: 'London' }), find, area);
    if (both.ok) throw new Error('expected both ends outside');
    expect(both.unplaced.map((e) => [e.end, e.problem])).toEqual([
      ['origin', 'outside area'],
      ['destination', 'outside area'],
    ]);
    expect(both.unplaced[1]?.message).toBe(
      '"London" is outside the area this planner covers: Cairngorms. Try a place in the area.',
    );
  });
});
