import { describe, expect, it } from 'vitest';
import { loadJourney } from '../../../../contracts/test/fixtures.ts';
import { buildJourneyCalendar, escapeText, fold } from '../../../src/journey/calendar/journeyCalendar.ts';

const journey = loadJourney('walk-bus-walk-return');
const options = {
  timeZone: 'Europe/London',
  url: 'https://explorer.example/search/abc/results/j1',
  productName: 'Explorer',
  now: new Date('2026-11-20T10:00:00Z'),
};

/** The unfolded content lines of an .ics text. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('buildJourneyCalendar', () => {
  it('writes one event per direction, in the region zone, with every step in the description', () => {
    const lines = unfold(buildJourneyCalendar(journey, options));
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTART;TZID=Europe/London:20261123T085000');
    expect(lines).toContain('DTSTART;TZID=Europe/London:20261123T162800');
    expect(lines).toContain('TZID:Europe/London');
    expect(lines).toContain('SUMMARY:Glenmore Forest Park to Grampian Road\\, Aviemore (return)');
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'))!;
    for (const step of journey.depart.steps) expect(description).toContain(escapeText(step.description));
  });

  it('falls back to UTC from the journey’s own offsets when the region names no zone', () => {
    const shifted = structuredClone(journey);
    shifted.depart.departure_datetime = '2026-06-23T08:50:00+01:00';
    const lines = unfold(buildJourneyCalendar(shifted, { ...options, timeZone: null }));
    expect(lines).toContain('DTSTART:20260623T075000Z');
    expect(lines.some((l) => l.startsWith('BEGIN:VTIMEZONE'))).toBe(false);
  });

  it('ends every line with CRLF and keeps each under 76 octets', () => {
    const ics = buildJourneyCalendar(journey, options);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false);
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('fold', () => {
  it('never splits a multi-byte character', () => {
    const folded = fold(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
    for (const part of folded.split('\r\n'))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });
});

describe('escapeText', () => {
  it('turns a lone carriage return into an escaped line break too, so no text starts a property line of its own (issue 30, finding 14)', () => {
    expect(escapeText('Stop A\rBEGIN:VEVENT')).toBe('Stop A\\nBEGIN:VEVENT');
    expect(escapeText('a\r\nb\nc')).toBe('a\\nb\\nc');
    const shifted = structuredClone(journey);
    shifted.depart.steps[0]!.description = 'Walk\rATTACH:https://evil.example/x';
    const calendar = buildJourneyCalendar(shifted, options);
    expect(calendar.replace(/\r\n/g, '')).not.toContain('\r');
  });
});
