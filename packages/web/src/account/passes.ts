import { NEW_YOUNG_SCOT_CUTOFF, type Profile } from '@cairn/contracts';
import { formatLongDay } from '../lib/dates.ts';

export type Pass = { key: string; name: string; detail: string };

/**
 * "10 January 2022". Written without Intl: a formatter built as this module loads made every page's
 * start-up script load ICU's date data (about 30 ms of a phone's main thread, issue 31).
 */
export const YOUNG_SCOT_CUTOFF_TEXT = formatLongDay(NEW_YOUNG_SCOT_CUTOFF);

/** The My Passes cards: the railcard's name, Concessionary Pass, Car Access, YoungScot Card. */
export function listPasses(profile: Profile): Pass[] {
  const passes: Pass[] = [];
  if (profile.railcard)
    passes.push({
      key: 'railcard',
      name: profile.railcard,
      detail: 'Railcard discounts are applied to rail fares.',
    });
  if (profile.has_concessionary_pass)
    passes.push({
      key: 'concessionary',
      name: 'Concessionary Pass',
      detail: 'Free or reduced bus travel where the pass is accepted.',
    });
  if (profile.has_car_access)
    passes.push({ key: 'car', name: 'Car Access', detail: 'Journeys may include driving your own car.' });
  if (profile.has_young_scot_card) {
    passes.push({
      key: 'youngscot',
      name: 'YoungScot Card',
      detail: profile.has_new_young_scot_card
        ? `Issued on or after ${YOUNG_SCOT_CUTOFF_TEXT}.`
        : `Issued before ${YOUNG_SCOT_CUTOFF_TEXT}.`,
    });
  }
  return passes;
}
