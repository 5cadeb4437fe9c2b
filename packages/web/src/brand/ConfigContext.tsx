import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { BrandSettings, RegionInfo } from '@cairn/contracts';
import { wallClockIn } from '../lib/dates.ts';

type Config = { brand: BrandSettings; region: RegionInfo };
const ConfigContext = createContext<Config | null>(null);

/** Makes the brand and region from /v1/config available to every component. */
export function ConfigProvider({ config, children }: { config: Config; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The active brand's settings; components read named settings, never the brand's id. */
export function useBrand(): BrandSettings {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useBrand outside ConfigProvider');
  return config.brand;
}

/** The region being planned (name, bounds, demo flag). */
export function useRegion(): RegionInfo {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useRegion outside ConfigProvider');
  return config.region;
}

/** "Now" on the region's wall clock, taken once per mount: the start of new search times. */
export function useRegionNow(): Date {
  const timeZone = useRegion().time_zone;
  return useMemo(() => wallClockIn(timeZone, new Date()), [timeZone]);
}

/** Where the brand's assets are served (the API serves brands/<id>/ under /v1/brand/). */
export const BRAND_LOGO_URL = '/v1/brand/logo.svg';
