import { stepFreeNetwork } from '../stepFree/streetProfile.ts';
import type { RegionData } from './regionData.ts';
import { withStreets } from './regionData.ts';

const cache = new WeakMap<RegionData, Map<boolean, RegionData>>();

/**
 * The region as a step-free search sees it: walks on the step-free street profile, closed where
 * known not step-free when `blocks` (the search), all open but labelled without (the fallback).
 * Built once per region and choice.
 */
export function stepFreeRegionData(data: RegionData, blocks: boolean): RegionData {
  let byChoice = cache.get(data);
  if (!byChoice) cache.set(data, (byChoice = new Map()));
  let view = byChoice.get(blocks);
  if (!view) {
    view = withStreets(data, stepFreeNetwork(data.streets, blocks));
    byChoice.set(blocks, view);
  }
  return view;
}
