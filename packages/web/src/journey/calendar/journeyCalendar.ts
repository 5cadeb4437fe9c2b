import type { Journey, Leg, Step } from '@cairn/contracts';

// An iCalendar file (RFC 5545) of a journey: one event per direction, each step in its description.

export type CalendarOptions = {
  /** The region's IANA time zone when the server names it; else times go out in UTC. */
  timeZone: string | null;
  /** The journey's address, put in each event so the calendar leads back to it. */
  url: string;
  productName: string;
  now: Date;
};

/** The .ics text of a journey: the outbound and, when there is one, the return as its own event. */
export function buildJourneyCalendar(journey: Journey, options: CalendarOptions): string {
  const legs: [Leg, 'out' | 'return'][] = [[journey.depart, 'out']];
  if (journey.return) legs.push([journey.return, 'return']);
  const offsets = new Set(
    legs.flatMap(([leg]) => [offsetOf(leg.departure_datetime), offsetOf(leg.arrival_datetime)]),
  );
  // A zone whose offset changes between the events would need its full rules: UTC says it exactly.
  const zone =
    options.timeZone && offsets.size === 1 ? { id: options.timeZone, offset: [...offsets][0]! } : null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Cairn//${escapeText(options.productName)}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone ? timeZoneLines(zone.id, zone.offset) : []),
    ...legs.flatMap(([leg, direction]) => eventLines(journey, leg, direction, zone?.id ?? null, options)),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventLines(
  journey: Journey,
  leg: Leg,
  direction: 'out' | 'return',
  zone: string | null,
  options: CalendarOptions,
): string[] {
  const [from, to] =
    direction === 'out' ? [journey.origin, journey.destination] : [journey.destination, journey.origin];
  const summary = `${from} to ${to}${direction === 'return' ? ' (return)' : ''}`;
  const description = [
    `${leg.departure_at} – ${leg.arrival_at}, ${leg.duration.text}`,
    ...leg.steps.map(stepLine),
    `Cost: ${journey.cost}`,
    options.url,
  ].join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${journey.id}-${direction}@cairn`,
    `DTSTAMP:${utcStamp(options.now)}`,
    dateTimeLine('DTSTART', leg.departure_datetime, zone),
    dateTimeLine('DTEND', leg.arrival_datetime, zone),
    `SUMMARY:${escapeText(summary)}`,
    `LOCATION:${escapeText(from)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${options.url}`,
    'END:VEVENT',
  ];
}

/** One step as a line of the description: "09:05–09:25 Bus 31 to Glenmore (20 min)". */
export function stepLine(step: Step): string {
  return `${step.departure_time}–${step.arrival_time} ${step.description} (${step.duration.text})`;
}

/** A DATE-TIME in the region's zone (TZID, its local clock time) or, without one, in UTC. */
function dateTimeLine(name: string, iso: string, zone: string | null): string {
  if (zone) return `${name};TZID=${zone}:${compact(iso.slice(0, 19))}`;
  return `${name}:${utcStamp(new Date(iso))}`;
}

/** A VTIMEZONE for a zone whose offset is the same throughout the file (RFC 5545 §3.6.5). */
function timeZoneLines(zone: string, offset: string): string[] {
  const ical = offset === 'Z' ? '+0000' : offset.replace(':', '');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${ical}`,
    `TZOFFSETTO:${ical}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

/** The UTC offset written at the end of an ISO 8601 time ("+01:00", or "Z"). */
function offsetOf(iso: string): string {
  return /(Z|[+-]\d\d:\d\d)$/.exec(iso)?.[1] ?? 'Z';
}

function compact(localIso: string): string {
  return localIso.replace(/[-:]/g, '');
}

function utcStamp(date: Date): string {
  return `${compact(date.toISOString().slice(0, 19))}Z`;
}

/** TEXT escaping of RFC 5545 §3.3.11. */
export function escapeText(text: string): string {
  // A lone CR ends a line too (RFC 5545 §3.1 lines end in CRLF; readers split on CR alone as well).
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 §3.1), never inside a character. */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
