// Feature under test: when no public transport fits the asked time, the traveller is told the first that runs outside it (issue 27): the first arrival after an arrive-by time, the first departure tomorrow after a late depart-after search.
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-ep25-');

const isPublic = (j: Journey) => j.transport_mode === 'transit';
const labelled = (j: Journey) => j.notices?.find((n) => n.kind === 'next public transport');
const show = (j: Journey) =>
  `${j.depart.departure_datetime}–${j.depart.arrival_datetime} ${j.transport_mode} ${j.notices?.map((n) => n.text).join(' ') ?? ''}`;

/** The public transport option of a search that arrives first, ties to the later departure. */
const firstArrival = (js: Journey[]) =>
  js
    .filter(isPublic)
    .sort(
      (a, b) =>
        a.depart.arrival_datetime.localeCompare(b.depart.arrival_datetime) ||
        b.depart.departure_datetime.localeCompare(a.depart.departure_datetime),
    )[0];

describe('P25 arrive-by with no public transport by the time', () => {
  for (const buffer of [0, 30])
    it(`Kingussie → Inverness, arrive by 11:00 on a Tuesday (buffer ${buffer} min): the first arrival after 11:00 is offered, labelled`, async () => {
      const js = await planBetween(demo.planner, 'Kingussie', 'Inverness', {
        out_time: '2026/11/24 11:00:00',
        arrive_by: true,
        arrive_by_buffer: buffer,
      });
      const next = js.filter((j) => labelled(j));
      expect(next.map(show)).toHaveLength(1);
      const j = next[0]!;
      // What a search leaving early that morning finds first after 11:00.
      const morning = await planBetween(demo.planner, 'Kingussie', 'Inverness', {
        out_time: '2026/11/24 05:00:00',
      });
      const after = firstArrival(morning.filter((m) => m.depart.arrival_datetime > '2026-11-24T11:00'));
      expect(after, morning.map(show).join('\n')).toBeDefined();
      expect(j.depart.arrival_datetime).toBe(after!.depart.arrival_datetime);
      expect(j.depart.arrival_at).toBe('11:17');
      const notice = labelled(j)!;
      expect(notice.minutes_after).toBe(17);
      expect(notice.text).toContain('No public transport arrives by 11:00');
      expect(notice.text).toContain('11:17');
      // Nothing else on public transport: the question really had no answer by 11:00.
      expect(js.filter((o) => isPublic(o) && !labelled(o)).map(show)).toEqual([]);
    });

  it('Kingussie → Inverness, arrive by 12:00: public transport arrives in time, so nothing is labelled', async () => {
    const js = await planBetween(demo.planner, 'Kingussie', 'Inverness', {
      out_time: '2026/11/24 12:00:00',
      arrive_by: true,
      arrive_by_buffer: 0,
    });
    expect(js.some(isPublic)).toBe(true);
    expect(js.filter((j) => labelled(j)).map(show)).toEqual([]);
  });
});

describe('P25 depart-after with nothing left today', () => {
  it('Kingussie, High Street → Kincraig at 22:00 on a Tuesday: the first bus on Wednesday morning is offered, labelled', async () => {
    const js = await planBetween(demo.planner, 'Kingussie, High Street', 'Kincraig', {
      out_time: '2026/11/24 22:00:00',
    });
    const next = js.filter((j) => labelled(j));
    expect(next.map(show)).toHaveLength(1);
    const j = next[0]!;
    const morning = await planBetween(demo.planner, 'Kingussie, High Street', 'Kincraig', {
      out_time: '2026/11/25 04:00:00',
    });
    expect(j.depart.departure_datetime.slice(0, 10)).toBe('2026-11-25');
    expect(j.depart.arrival_datetime).toBe(firstArrival(morning)?.depart.arrival_datetime);
    expect(labelled(j)!.text).toMatch(
      /^No more public transport after 22:00 today: this is the first tomorrow, leaving at \d\d:\d\d\.$/,
    );
  });

  it('Aviemore → Kingussie the day before the timetable starts: the first departure on its first day', async () => {
    const js = await planBetween(demo.planner, 'Aviemore, Grampian Road', 'Kingussie, High Street', {
      out_time: '2026/11/21 09:00:00',
    });
    const next = js.filter((j) => labelled(j));
    expect(next.map(show)).toHaveLength(1);
    expect(next[0]!.depart.departure_datetime.slice(0, 10)).toBe('2026-11-22');
    expect(js.filter((j) => isPublic(j) && !labelled(j)).map(show)).toEqual([]);
  });

  it('Tomintoul → Grantown-on-Spey on a Sunday evening: no bus on Monday either, so nothing is labelled', async () => {
    const js = await planBetween(demo.planner, 'Tomintoul', 'Grantown-on-Spey', {
      out_time: '2026/11/22 20:00:00',
    });
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter(isPublic).map(show)).toEqual([]);
  });
});
