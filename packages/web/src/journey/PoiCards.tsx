import type { Poi } from '@cairn/contracts';
import { PoiIcon } from '../icons/Icons.tsx';
import { POI_LABELS } from '../icons/iconPaths.ts';

/** Points of interest near the destination: icon by type, count badge, link. */
export function PoiCards({ pois }: { pois: Poi[] }) {
  if (pois.length === 0) return null;
  return (
    <section aria-labelledby="poi-heading" className="pois">
      <h3 id="poi-heading">Points of interest near your destination</h3>
      <ul className="poi-cards">
        {pois.map((p) => (
          <li key={`${p.type}-${p.name}`} className="poi-card">
            <PoiIcon type={p.type} decorative />
            <a href={p.link} target="_blank" rel="noopener noreferrer">
              {p.name || POI_LABELS[p.type]}
            </a>
            <span className="badge" aria-label={`${p.count} ${p.count === 1 ? 'place' : 'places'}`}>
              {p.count}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
