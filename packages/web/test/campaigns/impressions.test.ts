import { beforeEach, describe, expect, it } from 'vitest';
import type { Campaign } from '@cairn/contracts';
import {
  IMPRESSIONS_KEY,
  addImpression,
  freshImpressions,
  pruneImpressions,
  readImpressions,
} from '../../src/campaigns/impressions.ts';
import { activeCampaign, placementOf, shownOn } from '../../src/campaigns/campaignRules.ts';

/** A Map-backed Storage, so these tests run without a DOM. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const NOW = new Date('2026-11-22T12:00:00Z');
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('stored impressions (SPEC §4, §9)', () => {
  it('drops impressions more than one day past expires_at, keeps the rest', () => {
    const list = [
      { id: 'a', expires_at: '2026-11-21T11:59:59Z' }, // 1 day and 1 s ago: stale
      { id: 'b', expires_at: '2026-11-21T12:00:00Z' }, // exactly one day ago: kept
      { id: 'c', expires_at: '2026-11-22T11:00:00Z' }, // expired an hour ago: kept
      { id: 'd', expires_at: '2026-12-01T00:00:00Z' }, // future
    ];
    expect(freshImpressions(list, NOW).map((i) => i.id)).toEqual(['b', 'c', 'd']);
  });
  it('prunes storage on start', () => {
    storage.setItem(
      IMPRESSIONS_KEY,
      JSON.stringify([
        { id: 'old', expires_at: '2026-11-01T00:00:00Z' },
        { id: 'new', expires_at: '2026-12-01T00:00:00Z' },
      ]),
    );
    expect(pruneImpressions(storage, NOW).map((i) => i.id)).toEqual(['new']);
    expect(readImpressions(storage).map((i) => i.id)).toEqual(['new']);
  });
  it('removes the key when nothing is left', () => {
    storage.setItem(IMPRESSIONS_KEY, JSON.stringify([{ id: 'old', expires_at: '2026-11-01T00:00:00Z' }]));
    pruneImpressions(storage, NOW);
    expect(storage.length).toBe(0);
  });
  it('treats unreadable storage as empty', () => {
    storage.setItem(IMPRESSIONS_KEY, '{not json');
    expect(readImpressions(storage)).toEqual([]);
    storage.setItem(IMPRESSIONS_KEY, JSON.stringify([{ id: 1 }]));
    expect(readImpressions(storage)).toEqual([]);
  });
  it('adds impressions without duplicating ids', () => {
    addImpression(storage, { id: 'x', expires_at: '2026-12-01T00:00:00Z' });
    addImpression(storage, { id: 'x', expires_at: '2026-12-02T00:00:00Z' });
    addImpression(storage, { id: 'y', expires_at: '2026-12-01T00:00:00Z' });
    expect(readImpressions(storage)).toEqual([
      { id: 'x', expires_at: '2026-12-02T00:00:00Z' },
      { id: 'y', expires_at: '2026-12-01T00:00:00Z' },
    ]);
  });
});

const campaign = (id: string, appear_on: Campaign['appear_on']): Campaign => ({
  id,
  title: 't',
  text: 'x',
  url: null,
  url_button_text: null,
  thumbnail: null,
  appear_on,
  end_at: '2026-12-01T00:00:00Z',
});

describe('active campaign and placement', () => {
  it('is active only when exactly one campaign is returned', () => {
    expect(activeCampaign([])).toBeNull();
    expect(activeCampaign([campaign('a', ['journey-planner'])])?.id).toBe('a');
    expect(
      activeCampaign([campaign('a', ['journey-planner']), campaign('b', ['journey-planner'])]),
    ).toBeNull();
  });
  it('shows only on the screens appear_on names', () => {
    const c = campaign('a', ['journey-results', 'account-register']);
    expect(shownOn(c, 'journey-results')).toBe(true);
    expect(shownOn(c, 'account-register')).toBe(true);
    expect(shownOn(c, 'journey-planner')).toBe(false);
    expect(shownOn(c, undefined)).toBe(false);
    expect(shownOn(null, 'journey-results')).toBe(false);
  });
  it('takes the placement of the deepest route that names one', () => {
    expect(placementOf([undefined, { campaign: 'journey-planner' }])).toBe('journey-planner');
    expect(
      placementOf([{ campaign: 'journey-planner' }, { crumbs: () => [] }, { campaign: 'journey-details' }]),
    ).toBe('journey-details');
    expect(placementOf([{ campaign: 'somewhere-else' }, null])).toBeUndefined();
  });
});
