import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { StaticPageId } from '@cairn/contracts';
import { fetchStaticPage } from '../api/endpoints.ts';
import { CookiePolicyTables, STORED_ITEMS_MARKER } from '../privacy/CookiePolicyTables.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';

/** A brand's static page (markdown from brands/<id>/pages, written by the operator). */
export default function StaticPage({ id }: { id: StaticPageId }) {
  const page = useQuery({ queryKey: ['page', id], queryFn: () => fetchStaticPage(id) });
  useDocumentTitle(page.data?.title ?? null);
  if (page.isPending) return <Spinner page />;
  if (page.isError) {
    return (
      <div className="page-narrow">
        <h1>Page not available</h1>
        <p>This page could not be loaded. Please try again later.</p>
      </div>
    );
  }
  if (id !== 'cookie-policy')
    return (
      <article
        className="page-narrow prose"
        dangerouslySetInnerHTML={{ __html: toHtml(page.data.markdown) }}
      />
    );
  // The cookie list comes from the app's storage registry, so it always matches what is stored.
  const [before = '', after = ''] = page.data.markdown.split(STORED_ITEMS_MARKER);
  return (
    <article className="page-narrow prose">
      <div dangerouslySetInnerHTML={{ __html: toHtml(before) }} />
      <CookiePolicyTables />
      <div dangerouslySetInnerHTML={{ __html: toHtml(after) }} />
    </article>
  );
}

/** Markdown may carry raw HTML: only what DOMPurify keeps (no scripts, handlers or javascript: links) is shown. */
function toHtml(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false }));
}
