import { Link, useMatches } from 'react-router';
import { useBrand } from '../brand/ConfigContext.tsx';

export type Crumb = { label: string; to: string };
export type RouteHandle = { crumbs?: (params: Record<string, string | undefined>) => Crumb[] };

/** Shown when the route defines breadcrumbs and the brand's showBreadcrumbs is on. */
export function Breadcrumbs() {
  const brand = useBrand();
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.crumbs);
  if (!brand.showBreadcrumbs || !match) return null;
  const crumbs = (match.handle as RouteHandle).crumbs!(match.params);
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.label}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.to}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
