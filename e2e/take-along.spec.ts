import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openOption, planDayReturn, planJourney, snap, waitForResults } from './helpers.ts';

// Feature under test: taking a journey along (issue #20) — "Add to calendar" downloads an
// RFC 5545 file with one event per direction and every step, and "Share" offers the link to
// copy where the browser has no Web Share API (headless Chromium on Linux has none).

/** The content lines of an .ics text, folded lines joined again (RFC 5545 §3.1). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

/** Each VEVENT's properties by name (the name without its parameters, then the parameters). */
function listEvents(lines: string[]): Map<string, string>[] {
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return events;
}

test('Add to calendar downloads an .ics with the outbound and the return as events, each with its steps', async ({
  page,
}) => {
  await planDayReturn(page);
  await openOption(page, null);
  const hashAndId = /\/search\/([^/]+)\/results\/([^/?]+)/.exec(page.url())!;
  const journey = (
    await (await page.request.get(`/v1/journey-planner/search/${hashAndId[1]}/${hashAndId[2]}`)).json()
  ).data as {
    origin: string;
    destination: string;
    depart: { departure_datetime: string; steps: { description: string }[] };
    return: { departure_datetime: string; steps: { description: string }[] };
  };

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const lines = unfold(ics);
  expect(lines).toContain('VERSION:2.0');
  for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);

  const events = listEvents(lines);
  expect(events, 'one event per direction').toHaveLength(2);
  const [out, back] = events as [Map<string, string>, Map<string, string>];
  // The server names the region's zone: each start is the region's clock time in that zone.
  const start = (event: Map<string, string>) =>
    [...event].find(([name]) => name === 'DTSTART' || name.startsWith('DTSTART;'))!;
  expect(lines).toContain('TZID:Europe/London');
  const local = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '');
  expect(start(out)).toEqual(['DTSTART;TZID=Europe/London', local(journey.depart.departure_datetime)]);
  expect(start(back)).toEqual(['DTSTART;TZID=Europe/London', local(journey.return.departure_datetime)]);
  expect(out.get('SUMMARY')).toBe(`${journey.origin} to ${journey.destination}`.replace(/,/g, '\\,'));
  expect(back.get('SUMMARY')).toContain('(return)');
  const text = (event: Map<string, string>) =>
    event
      .get('DESCRIPTION')!
      .replace(/\\n/g, '\n')
      .replace(/\\([,;\\])/g, '$1');
  for (const step of journey.depart.steps) expect(text(out)).toContain(step.description);
  for (const step of journey.return.steps) expect(text(back)).toContain(step.description);
  expect(out.get('UID')).not.toBe(back.get('UID'));

  // Share: no Web Share API here, so the link is offered to copy.
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.getByRole('button', { name: 'Share' }).click();
  const link = page.getByLabel('Link to this journey');
  await expect(link).toHaveValue(page.url());
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await snap(page, 'journey-take-along');
});

test('without a region zone in /v1/config, the events are written in UTC from the journey’s offsets', async ({
  page,
}) => {
  // An older server: /v1/config without the optional time_zone.
  await page.route('**/v1/config', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    delete body.data.region.time_zone;
    await route.fulfill({ response, json: body });
  });
  await planDayReturn(page);
  await openOption(page, null);
  const [, hash, id] = /\/search\/([^/]+)\/results\/([^/?]+)/.exec(page.url())!;
  const journey = (await (await page.request.get(`/v1/journey-planner/search/${hash}/${id}`)).json())
    .data as {
    depart: { departure_datetime: string };
    return: { departure_datetime: string };
  };
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  const lines = unfold(readFileSync((await download.path())!, 'utf8'));
  expect(lines.some((l) => l.startsWith('TZID:'))).toBe(false);
  const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
  expect(lines.filter((l) => l.startsWith('DTSTART'))).toEqual([
    `DTSTART:${utc(journey.depart.departure_datetime)}`,
    `DTSTART:${utc(journey.return.departure_datetime)}`,
  ]);
});

test('Share uses the device share sheet where the browser has one', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shared: ShareData[] }).shared = [];
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData[] }).shared.push(data);
      },
    });
  });
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await openOption(page, null);
  await page.getByRole('button', { name: 'Share' }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]!.url).toBe(page.url());
  expect(shared[0]!.title).toMatch(/ to .* — Cairngorms Explorer/);
  await expect(page.getByLabel('Link to this journey')).toHaveCount(0);
});
