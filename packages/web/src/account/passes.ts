import { NEW_YOUNG_SCOT_CUTOFF, type Profile } from '@cairn/contracts';

export type Pass = { key: string; name: string; detail: string };

export const YOUNG_SCOT_CUTOFF_TEXT = new Date(`${NEW_YOUNG_SCOT_CUTOFF}T12:00:00`).toLocaleDateString(
  'en-GB',
  { day: 'numeric', month: 'long', year: 'numeric' },
);

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
