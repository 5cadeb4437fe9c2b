import { lazy, Suspense } from 'react';
import type { MapPicture } from './mapData.ts';

// MapLibre is loaded on demand in its own chunk so the first screen stays light.
const JourneyMap = lazy(() => import('./JourneyMap.tsx'));

/** The map, lazily loaded; a described box while the chunk arrives. */
export function LazyMap(props: { picture: MapPicture; toiletNotice: string | null; trackPosition: boolean }) {
  return (
    <Suspense
      fallback={
        <div className="map-box" aria-busy="true">
          <p className="spinner">Loading map</p>
        </div>
      }
    >
      <JourneyMap {...props} />
    </Suspense>
  );
}
