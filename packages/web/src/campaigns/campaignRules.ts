import type { Campaign } from '@cairn/contracts';
import { APPEAR_ON } from '@cairn/contracts';
import { isOneOf } from '../lib/isOneOf.ts';

export type Placement = (typeof APPEAR_ON)[number];

/** SPEC §4: a campaign is active only when exactly one is returned. */
export function activeCampaign(list: readonly Campaign[]): Campaign | null {
  return list.length === 1 ? list[0]! : null;
}

/** Whether the popup belongs on a screen: the route's placement is one of appear_on. */
export function shownOn(campaign: Campaign | null, placement: Placement | undefined): boolean {
  return campaign !== null && placement !== undefined && campaign.appear_on.includes(placement);
}

/** The placement named by the deepest route that has one (`handle.campaign`). */
export function placementOf(handles: readonly unknown[]): Placement | undefined {
  for (let i = handles.length - 1; i >= 0; i--) {
    const h = handles[i];
    if (h && typeof h === 'object' && 'campaign' in h && isOneOf(APPEAR_ON, h.campaign)) return h.campaign;
  }
  return undefined;
}
