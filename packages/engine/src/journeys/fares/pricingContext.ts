import type { PricingLine } from '@cairn/contracts';
import type { RegionConfig } from '../../region/regionConfig.ts';
import type { GtfsFares } from './gtfsFares.ts';
import type { Traveller } from './traveller.ts';

/** Everything pricing needs besides the option. */
export interface PricingContext {
  region: RegionConfig;
  traveller: Traveller;
  /** GTFS fares by feed id (feeds without fare files are absent). */
  gtfsFares: ReadonlyMap<string, GtfsFares>;
}

/** One step's price: pence (null when unknown), its text for the step, its breakdown lines. */
export interface StepPrice {
  pence: number | null;
  text: string;
  lines: PricingLine[];
  estimate: boolean;
}

/** The prices one pass sets, by step index, on the outbound and the return leg. */
export interface PassPrices {
  depart: Map<number, StepPrice>;
  ret: Map<number, StepPrice>;
}
