import type { Impression } from '@cairn/contracts';
import { decodeList } from '../api/decode.ts';
import { CAMPAIGN_IMPRESSIONS } from '../privacy/storedItems.ts';

/** The campaign impressions seen (SPEC §3), under their entry in the storage registry. */
export const IMPRESSIONS_KEY = CAMPAIGN_IMPRESSIONS.name;
/** SPEC §9: stored impressions are dropped more than one day past expires_at. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;

/** Reads the stored impressions; anything unreadable counts as none. */
export function readImpressions(storage: Storage): Impression[] {
  try {
    return decodeList('Impression', JSON.parse(storage.getItem(IMPRESSIONS_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** The impressions that are still worth sending: expiry unknown or less than a day ago. */
export function freshImpressions(list: readonly Impression[], now: Date): Impression[] {
  return list.filter((i) => {
    const expires = Date.parse(i.expires_at);
    return Number.isNaN(expires) || now.getTime() - expires <= STALE_AFTER_MS;
  });
}

/** On app start: drop stale impressions from storage and answer the ones kept. */
export function pruneImpressions(storage: Storage, now: Date): Impression[] {
  const kept = freshImpressions(readImpressions(storage), now);
  writeImpressions(storage, kept);
  return kept;
}

/** Adds an impression (replacing one with the same id). */
export function addImpression(storage: Storage, impression: Impression): void {
  writeImpressions(storage, [...readImpressions(storage).filter((i) => i.id !== impression.id), impression]);
}

function writeImpressions(storage: Storage, list: readonly Impression[]): void {
  try {
    if (list.length === 0) storage.removeItem(IMPRESSIONS_KEY);
    else storage.setItem(IMPRESSIONS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private mode): the popup may then show again, which is harmless.
  }
}
