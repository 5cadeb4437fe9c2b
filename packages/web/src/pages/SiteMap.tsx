import { Link } from 'react-router';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';

/** SPEC §2: lists Home, Privacy Policy, Terms & Conditions, Cookie Policy. */
export default function SiteMap() {
  useDocumentTitle('Site map');
  return (
    <div className="page-narrow prose">
      <h1>Site map</h1>
      <ul>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/privacy-policy">Privacy Policy</Link>
        </li>
        <li>
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
        </li>
        <li>
          <Link to="/cookie-policy">Cookie Policy</Link>
        </li>
      </ul>
    </div>
  );
}
