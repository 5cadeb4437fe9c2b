import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useCodeLoad } from '../lib/useCodeLoad.ts';
import type { MapPicture } from './mapData.ts';

// MapLibre is loaded on demand in its own chunk so the first screen stays light.
const loadJourneyMap = () => import('./JourneyMap.tsx');

/**
 * The map, loaded when its place on the page comes near the screen: on a phone the journey's
 * text comes first and MapLibre (the page's heaviest download and longest work) waits until the
 * traveller scrolls or jumps to the map. A described box of the map's size stands in meanwhile,
 * so nothing moves when it arrives. `draw` makes the picture (decoding the route's polylines) only
 * then, not while the page's first screen is drawn. When the map's code cannot come (the signal
 * dropped), the box says so and offers to try again; the journey stays.
 */
export function LazyMap({
  draw,
  ...props
}: {
  draw: () => MapPicture;
  toiletNotice: string | null;
  trackPosition: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearScreen(box);
  const picture = useMemo(() => (near ? draw() : null), [near, draw]);
  const { code, failed, retry } = useCodeLoad(loadJourneyMap, near);
  if (failed) return <MapNotLoaded retry={retry} />;
  if (!picture || !code) {
    return (
      <div className="map-box" aria-busy="true" ref={box}>
        <p className="spinner">Loading map</p>
      </div>
    );
  }
  return <code.default picture={picture} {...props} />;
}

/** The map's box when its code did not come, in the words the address suggestions use offline. */
function MapNotLoaded({ retry }: { retry: () => void }) {
  return (
    <div className="map-box map-not-loaded">
      <p>
        {navigator.onLine ? 'The map could not be loaded.' : 'The map needs a connection: you are offline.'}
      </p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
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
