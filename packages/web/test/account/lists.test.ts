import { describe, expect, it } from 'vitest';
import { RECENT_ADDRESS_MAX, truncateAddress } from '../../src/account/truncate.ts';
import { LIST_PAGE_SIZE, pagerFor, parsePage } from '../../src/account/pagination.ts';
import { listPasses } from '../../src/account/passes.ts';
import { stageLabel } from '../../src/account/listFormat.ts';

describe('recent address truncation (SPEC §9: 34 characters)', () => {
  it('keeps addresses of 34 characters or fewer', () => {
    const exact = 'a'.repeat(RECENT_ADDRESS_MAX);
    expect(RECENT_ADDRESS_MAX).toBe(34);
    expect(truncateAddress(exact)).toBe(exact);
    expect(truncateAddress('Aviemore Station')).toBe('Aviemore Station');
  });
  it('cuts longer ones at 34 characters with an ellipsis', () => {
    const text = 'Cairngorm Mountain Base Station Car Park, Glenmore';
    const cut = truncateAddress(text);
    expect(cut).toBe('Cairngorm Mountain Base Station Ca…');
    expect(Array.from(cut.replace('…', ''))).toHaveLength(34);
  });
  it('does not leave a trailing space before the ellipsis', () => {
    expect(truncateAddress('Grantown-on-Spey Square, The High Street')).toBe(
      'Grantown-on-Spey Square, The High…',
    );
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncateAddress('Ä'.repeat(35))).toBe(`${'Ä'.repeat(34)}…`);
  });
});

describe('Prev/Next pagination (SPEC §9: 10 a page)', () => {
  const meta = (page: number, total: number) => ({
    page,
    total,
    per_page: LIST_PAGE_SIZE,
    last_page: Math.ceil(total / LIST_PAGE_SIZE),
  });
  it('first page of 23: Next only', () => {
    expect(pagerFor(meta(1, 23), 10, 1)).toEqual({
      page: 1,
      lastPage: 3,
      hasPrev: false,
      hasNext: true,
      first: 1,
      last: 10,
      total: 23,
    });
  });
  it('middle page: both', () => {
    expect(pagerFor(meta(2, 23), 10, 2)).toMatchObject({ hasPrev: true, hasNext: true, first: 11, last: 20 });
  });
  it('last page: Prev only', () => {
    expect(pagerFor(meta(3, 23), 3, 3)).toMatchObject({ hasPrev: true, hasNext: false, first: 21, last: 23 });
  });
  it('exactly 10: a single page', () => {
    expect(pagerFor(meta(1, 10), 10, 1)).toMatchObject({ hasPrev: false, hasNext: false });
  });
  it('empty list: neither', () => {
    expect(pagerFor(meta(1, 0), 0, 1)).toMatchObject({
      hasPrev: false,
      hasNext: false,
      first: 0,
      last: 0,
      lastPage: 1,
    });
  });
  it('reads ?page= defensively', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });
});

describe('My Passes and stage names', () => {
  it('lists the railcard by name and the other passes the user holds', () => {
    const passes = listPasses({
      has_car_access: true,
      has_concessionary_pass: true,
      has_young_scot_card: true,
      has_new_young_scot_card: false,
      railcard: '16-25 Railcard',
      user_age: 20,
    });
    expect(passes.map((p) => p.name)).toEqual([
      '16-25 Railcard',
      'Concessionary Pass',
      'Car Access',
      'YoungScot Card',
    ]);
  });
  it('lists nothing for an empty profile', () => {
    expect(
      listPasses({
        has_car_access: false,
        has_concessionary_pass: false,
        has_young_scot_card: false,
        has_new_young_scot_card: false,
        railcard: null,
        user_age: null,
      }),
    ).toEqual([]);
  });
  it('names stages for people, own car included', () => {
    expect(stageLabel('own car')).toBe('Own car');
    expect(stageLabel('bus')).toBe('Bus');
  });
});
