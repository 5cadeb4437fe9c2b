import { useEffect } from 'react';
import { useBrand } from '../brand/ConfigContext.tsx';

/** Sets the tab title to "Page – Brand" (the brand's title alone while title is null). */
export function useDocumentTitle(title: string | null): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} – ${brand.shortTitle}` : brand.title;
  }, [title, brand]);
}
