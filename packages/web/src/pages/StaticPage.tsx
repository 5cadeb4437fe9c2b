import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { StaticPageId } from '@cairn/contracts';
import { fetchStaticPage } from '../api/endpoints.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** A brand's static page (markdown from brands/<id>/pages, written by the operator). */
export default function StaticPage({ id }: { id: StaticPageId }) {
  const page = useQuery({ queryKey: ['page', id], queryFn: () => fetchStaticPage(id) });
  useDocumentTitle(page.data?.title ?? null);
  if (page.isPending) return <Spinner />;
  if (page.isError) {
    return (
      <div className="page-narrow">
        <h1>Page not available</h1>
        <p>This page could not be loaded. Please try again later.</p>
      </div>
    );
  }
  // Markdown may carry raw HTML: only what DOMPurify keeps (no scripts, handlers or javascript: links) is shown.
  const html = DOMPurify.sanitize(marked.parse(page.data.markdown, { async: false }));
  return <article className="page-narrow prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
