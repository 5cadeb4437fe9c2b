import { useBrand } from '../brand/ConfigContext.tsx';
import { STORED_ITEMS, type StoredItem } from './storedItems.ts';

/** Where the brand's cookie-policy text places the generated tables; at the end without it. */
export const STORED_ITEMS_MARKER = '<!-- stored-items -->';

const KIND_LABELS: Record<StoredItem['kind'], string> = {
  cookie: 'Cookie',
  localStorage: 'Local storage',
  sessionStorage: 'Session storage',
  cacheStorage: 'Offline cache',
  indexedDB: 'IndexedDB',
};

/** The cookie policy's list of what the app stores, and the brand's third parties, from settings. */
export function CookiePolicyTables() {
  const { adBannerUrl, tagManagerUrl } = useBrand();
  return (
    <>
      {/* Too wide for a phone with its words whole: the table scrolls sideways in its own box. */}
      <div className="table-scroll" role="region" aria-label="Cookies and storage, scrollable" tabIndex={0}>
        <table>
          <caption>Cookies and storage this site sets in your browser</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kept in</th>
              <th scope="col">Purpose</th>
              <th scope="col">Lasts</th>
            </tr>
          </thead>
          <tbody>
            {STORED_ITEMS.map((item) => (
              <tr key={item.name}>
                <td>
                  <code>{item.name}</code>
                </td>
                <td>{KIND_LABELS[item.kind]}</td>
                <td>{item.purpose}</td>
                <td>{item.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        The planner needs these to work as described, and none of them is used to track you. The planner
        itself keeps nothing else in your browser, and nothing of your account is kept offline.
      </p>
      {tagManagerUrl && (
        <>
          <h2>Analytics</h2>
          <p>
            Only after you press Accept Cookies, this site loads a tag manager container from{' '}
            <code>{new URL(tagManagerUrl).origin}</code>. The analytics tags it runs may then set cookies of
            their own, as described in that provider’s cookie notice. Nothing is loaded from it before you
            accept, and never if you do not.
          </p>
        </>
      )}
      {adBannerUrl && (
        <>
          <h2>Advertising</h2>
          <p>
            The results page shows an advertisement from <code>{new URL(adBannerUrl).origin}</code> in a
            sealed frame. It cannot read or change this site’s cookies or storage, and no cookies are sent to
            or kept for it where your browser supports credential-free frames.
          </p>
        </>
      )}
    </>
  );
}
