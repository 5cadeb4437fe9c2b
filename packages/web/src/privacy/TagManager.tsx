import { useEffect } from 'react';
import { useBrand } from '../brand/ConfigContext.tsx';
import { useConsent } from './consent.ts';

/** Loads the brand's tag-manager container (SPEC §7) once cookies are accepted, never before. */
export function TagManager() {
  const { tagManagerUrl } = useBrand();
  const consent = useConsent();
  useEffect(() => {
    if (tagManagerUrl && consent) loadContainer(tagManagerUrl);
  }, [tagManagerUrl, consent]);
  return null;
}

type WithDataLayer = { dataLayer?: unknown[] };

/** Adds the container's script once per page. */
export function loadContainer(url: string): void {
  if (document.querySelector('script[data-tag-manager]')) return;
  // The start event Google Tag Manager's own snippet pushes before its script loads (its
  // installation guide); done here because the CSP allows no inline script.
  const page = window as unknown as WithDataLayer;
  page.dataLayer = page.dataLayer ?? [];
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  script.dataset.tagManager = '';
  document.head.append(script);
}
