// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { legPicture, listShowOnMapOptions, overlayFor } from '../../src/map/mapData.ts';
import { openingText, toiletFeatures, toiletInfoElement } from '../../src/map/toiletInfo.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');

describe('map data', () => {
  it('draws the leg line, start/end and a marker per step', () => {
    const p = legPicture(wbw.depart, '#00f', 'depart');
    expect(p.lines[0]!.coords.length).toBeGreaterThan(3);
    expect(p.points.map((x) => x.kind)).toEqual(['start', 'end']);
    expect(p.steps.map((s) => s.mode)).toEqual(['walk', 'bus', 'walk']);
  });
  it('offers Toilets only when the leg counts toilets', () => {
    expect(listShowOnMapOptions(wbw.depart)).toEqual(['none', 'all', 'cafe', 'park', 'toilets']);
    expect(listShowOnMapOptions(taxi.depart)).toEqual(['none', 'all']);
    expect(listShowOnMapOptions(wbw.return!)).not.toContain('toilets');
  });
  it('None shows nothing; All shows toilets and POIs; a category shows only it', () => {
    expect(overlayFor(wbw.depart, 'none')).toEqual({ pois: [], toilets: [] });
    const all = overlayFor(wbw.depart, 'all');
    expect(all.toilets).toHaveLength(1);
    expect(all.pois).toHaveLength(3);
    expect(overlayFor(wbw.depart, 'cafe').pois.map((p) => p.category)).toEqual(['cafe', 'cafe']);
    expect(overlayFor(wbw.depart, 'toilets').pois).toEqual([]);
  });
});

describe('toilet info window', () => {
  const toilet = wbw.depart.destination_toilets.markers[0]!;
  it('lists the icons, Free when no payment details', () => {
    expect(toiletFeatures(toilet)).toEqual(['Accessible', 'Men', 'Women', 'Baby Change', 'Free']);
    expect(toiletFeatures({ ...toilet, paymentDetails: '20p', babyChange: false })).not.toContain('Free');
  });
  it("shows opening hours per weekday, 'n/a' when none", () => {
    expect(openingText({ start: '09:00', end: '17:00' })).toBe('09:00–17:00');
    expect(openingText(null)).toBe('n/a');
    const el = toiletInfoElement(toilet, 'Data notice');
    expect(el.textContent).toContain('Sunday');
    expect(el.querySelectorAll('tr')[6]!.textContent).toBe('Sundayn/a');
    expect(el.textContent).toContain('Closed on public holidays.');
    expect(el.textContent).toContain('Data notice');
  });
});
