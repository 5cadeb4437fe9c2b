import { useCallback, useState } from 'react';
import type { Journey } from '@cairn/contracts';
import { useBrand } from '../brand/ConfigContext.tsx';
import { POI_LABELS } from '../icons/iconPaths.ts';
import { LazyMap } from '../map/LazyMap.tsx';
import { legPicture, listShowOnMapOptions, overlayFor, type ShowOnMap } from '../map/mapData.ts';

const SHOW_LABELS: Record<string, string> = { ...POI_LABELS, none: 'None', all: 'All', toilets: 'Toilets' };

/** Map of journey: Outbound/Return toggle, Show on map filter, the position marker switch. */
export function MapSection({
  journey,
  leg,
  onLeg,
}: {
  journey: Journey;
  leg: 'depart' | 'return';
  onLeg: (l: 'depart' | 'return') => void;
}) {
  const brand = useBrand();
  const [show, setShow] = useState<ShowOnMap>('none');
  const [track, setTrack] = useState(false);
  const current = leg === 'return' && journey.return ? journey.return : journey.depart;
  const options = listShowOnMapOptions(current);
  const chosen = options.includes(show) ? show : 'none';
  const draw = useCallback(() => {
    const colour = leg === 'return' ? brand.mapColours.return : brand.mapColours.outbound;
    return { ...legPicture(current, colour, leg), ...overlayFor(current, chosen) };
  }, [current, leg, chosen, brand.mapColours]);

  return (
    <>
      <div className="map-controls">
        {journey.return && (
          <div className="toggle-group" role="radiogroup" aria-label="Map shows">
            {(['depart', 'return'] as const).map((l) => (
              <label key={l} className={`toggle ${leg === l ? 'toggle-on' : ''}`}>
                <input type="radio" name="map-leg" checked={leg === l} onChange={() => onLeg(l)} />
                {l === 'depart' ? 'Outbound' : 'Return'}
              </label>
            ))}
          </div>
        )}
        <div className="field">
          <label htmlFor="show-on-map">Show on map</label>
          <select id="show-on-map" value={chosen} onChange={(e) => setShow(e.target.value as ShowOnMap)}>
            {options.map((o) => (
              <option key={o} value={o}>
                {SHOW_LABELS[o] ?? o}
              </option>
            ))}
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={track} onChange={(e) => setTrack(e.target.checked)} />
          Show my position
        </label>
      </div>
      {brand.toiletDataNotice && <p className="notice">{brand.toiletDataNotice}</p>}
      <LazyMap draw={draw} toiletNotice={brand.toiletDataNotice} trackPosition={track} />
    </>
  );
}
