import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { MapPicture } from './mapData.ts';

// MapLibre is loaded on demand in its own chunk so the first screen stays light.
const JourneyMap = lazy(() => import('./JourneyMap.tsx'));

/**
 * The map, loaded when its place on the page comes near the screen: on a phone the journey's
 * text comes first and MapLibre (the page's heaviest download and longest work) waits until the
 * traveller scrolls or jumps to the map. A described box of the map's size stands in meanwhile,
 * so nothing moves when it arrives.
 */
export function LazyMap(props: { picture: MapPicture; toiletNotice: string | null; trackPosition: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const placeholder = (
    <div className="map-box" aria-busy="true" ref={box}>
      <p className="spinner">Loading map</p>
    </div>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <JourneyMap {...props} />
    </Suspense>
  );
}

/** How far below the screen the map starts loading: about a screen's scroll ahead. */
const AHEAD = '0px 0px 600px 0px';

/** True from the moment `target` is within a screen's scroll of the viewport. */
function useNearScreen(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (near || !target.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target.current);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}
