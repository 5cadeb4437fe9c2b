import { lazy, Suspense, useEffect, useState } from 'react';
import type { MapPicture } from './mapData.ts';

// MapLibre is loaded on demand in its own chunk so the first screen stays light.
const JourneyMap = lazy(() => import('./JourneyMap.tsx'));

/**
 * The map, lazily loaded once the page around it has painted and the browser is idle, so parsing
 * MapLibre and drawing do not hold up the journey's text or the first taps; a described box of
 * the map's size stands in meanwhile, so nothing moves when it arrives.
 */
export function LazyMap(props: { picture: MapPicture; toiletNotice: string | null; trackPosition: boolean }) {
  const ready = useIdle();
  const placeholder = (
    <div className="map-box" aria-busy="true">
      <p className="spinner">Loading map</p>
    </div>
  );
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <JourneyMap {...props} />
    </Suspense>
  );
}

/** True once the browser has had an idle moment after the first render (at most a second later). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}
