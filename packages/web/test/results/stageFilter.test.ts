import { describe, expect, it, vi } from 'vitest';
import { TRAVEL_TYPES } from '@cairn/contracts';
import { modeName } from '../../src/lib/modeLabel.ts';
import { listStageOptions, parseFilters, passesStageFilter } from '../../src/results/stageFilter.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');
const drt = loadJourney('drt-bus');
const carclub = loadJourney('carclub-single');
const all = [wbw, taxi, drt, carclub];

describe('stage filter', () => {
  it('lists stages sorted by name without blocked types', () => {
    expect(listStageOptions(all, [])).toEqual(['bus', 'car club', 'drt', 'taxi', 'walk']);
    expect(listStageOptions(all, ['taxi', 'own car', 'cycle'])).toEqual(['bus', 'car club', 'drt', 'walk']);
  });
  it('sorts every travel type as localeCompare would, without calling it (its first call loads ICU, issue 31)', () => {
    const everyStage = TRAVEL_TYPES.map((stage) => ({
      ...taxi,
      depart: { ...taxi.depart, stages: [stage] },
      return: null,
    }));
    const expected = [...TRAVEL_TYPES].sort((a, b) => modeName(a).localeCompare(modeName(b)));
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    try {
      expect(listStageOptions(everyStage, [])).toEqual(expected);
      expect(localeCompare).not.toHaveBeenCalled();
    } finally {
      localeCompare.mockRestore();
    }
  });
  it('sorts a lift (wire type "car") by the name shown, "lift"', () => {
    const lift = { ...taxi, depart: { ...taxi.depart, stages: ['car' as const] }, return: null };
    const cycle = { ...taxi, depart: { ...taxi.depart, stages: ['cycle' as const] }, return: null };
    expect(listStageOptions([lift, cycle, wbw], [])).toEqual(['bus', 'cycle', 'car', 'walk']);
  });
  it('offers the stages the URL selects even when no result uses them, so Refine shows what is applied', () => {
    expect(listStageOptions(all, [], ['ferry', 'bus'])).toEqual([
      'bus',
      'car club',
      'drt',
      'ferry',
      'taxi',
      'walk',
    ]);
    // Only real travel types, and never a blocked one.
    expect(listStageOptions(all, ['taxi'], ['taxi', 'hovercraft'])).toEqual([
      'bus',
      'car club',
      'drt',
      'walk',
    ]);
    expect(listStageOptions([], [], ['ferry'])).toEqual(['ferry']);
  });
  it('single filter: all by default, otherwise journeys using the stage', () => {
    const offered = listStageOptions(all, []);
    expect(all.filter((j) => passesStageFilter(j, 'single', null, offered, [])).length).toBe(4);
    expect(all.filter((j) => passesStageFilter(j, 'single', ['bus'], offered, [])).map((j) => j.id)).toEqual([
      'wbw-return',
      'drt-bus',
    ]);
  });
  it('multiple filter: starts with every stage; unticking a stage hides journeys using it', () => {
    const offered = listStageOptions(all, []);
    expect(all.filter((j) => passesStageFilter(j, 'multiple', null, offered, [])).length).toBe(4);
    const withoutTaxi = offered.filter((s) => s !== 'taxi');
    expect(
      all.filter((j) => passesStageFilter(j, 'multiple', withoutTaxi, offered, [])).map((j) => j.id),
    ).toEqual(['wbw-return', 'drt-bus', 'carclub-single']);
  });
  it('blocked travel types never show', () => {
    const blocked = ['taxi', 'own car', 'cycle'];
    const offered = listStageOptions(all, blocked);
    expect(passesStageFilter(taxi, 'multiple', null, offered, blocked)).toBe(false);
    expect(passesStageFilter(taxi, 'single', null, offered, blocked)).toBe(false);
  });
  it('reads the query string', () => {
    expect(parseFilters(null)).toBeNull();
    expect(parseFilters('all')).toBeNull();
    expect(parseFilters('bus,walk')).toEqual(['bus', 'walk']);
  });
});
