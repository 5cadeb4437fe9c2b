import type { BrandSettings } from '@cairn/contracts';

/**
 * The CSP of a brand's answers. The SPA and MapLibre (worker from a blob, tiles and styles from
 * this origin) run under it; a brand's ad frame and tag-manager container open frame-src and
 * script-src to just their own origin, and a brand without them keeps both shut (ADR 012).
 */
export function contentSecurityPolicy(brand: BrandSettings): string {
  let policy = built.get(brand);
  if (policy === undefined) built.set(brand, (policy = buildPolicy(brand)));
  return policy;
}

/** Brand settings are loaded once at start: each brand's policy is built once. */
const built = new WeakMap<BrandSettings, string>();

/**
 * The CSP of the API reference page (docsPage.ts): no brand content, and images from this origin
 * only, which keeps the renderer's "by Redocly" logo from calling its vendor's CDN on every view.
 */
export const DOCS_PAGE_POLICY = toHeader({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'none'"],
});

function buildPolicy(brand: BrandSettings): string {
  const origin = (url: string | null) => (url === null ? [] : [new URL(url).origin]);
  const frames = origin(brand.adBannerUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...origin(brand.tagManagerUrl)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return toHeader(directives);
}

function toHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}
