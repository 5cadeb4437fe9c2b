import { Link } from 'react-router';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';

export default function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="page-narrow">
      <h1>Page not found</h1>
      <p>
        The address may be mistyped, or the page has moved. <Link to="/">Plan a journey</Link>.
      </p>
    </div>
  );
}
