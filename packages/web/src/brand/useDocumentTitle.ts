import { useEffect } from 'react';
import { useBrand } from './ConfigContext.tsx';

/**
 * Sets the tab title to "Page — Brand" and the meta description to `description` (the brand's
 * own line while it is absent), so a tab, a bookmark and a search result name both.
 */
export function useDocumentTitle(title: string | null, description?: string): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} — ${brand.title}` : brand.title;
    describePage(
      description ??
        `${brand.title}: plan door-to-door journeys by bus, train, ferry, bike, car and on foot, with prices and carbon estimates.`,
    );
  }, [title, description, brand]);
}

/** The page's one meta description (index.html has it; created if missing). */
function describePage(text: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}
