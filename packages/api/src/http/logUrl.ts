/** The longest address a log line keeps; a client could otherwise log 8 KB per request. */
const LOGGED_URL_MAX = 200;

/**
 * An address as the request log keeps it (issue 30, findings 3, 9 and 14): account codes in
 * paths redacted, other long tokens (search hashes, journey ids) cut to their first 6 characters,
 * every query value dropped (codes in the mails' page links, place queries), and at most
 * LOGGED_URL_MAX characters. Enough to see which route was called, not what it carried.
 */
export function logUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const shortPath = path
    .replace(/^(\/v1\/users\/(?:activation|password\/reset|unlock|email\/confirm)\/)[^/#]+/, '$1[redacted]')
    .split('/')
    .map((segment) => (segment.length >= 16 && /\d/.test(segment) ? `${segment.slice(0, 6)}…` : segment))
    .join('/');
  const names = query === undefined ? '' : `?${query.replace(/=[^&#]*/g, '=…')}`;
  const logged = shortPath + names;
  return logged.length > LOGGED_URL_MAX ? `${logged.slice(0, LOGGED_URL_MAX)}…` : logged;
}
