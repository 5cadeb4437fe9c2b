import { ACCOUNT_WEB_ROUTES, STATIC_PAGE_ROUTES, WEB_ROUTES } from '@cairn/contracts';

/** A route pattern as a regular expression: one segment per `:name` (optional with `?`), a trailing slash allowed. */
function toRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? segment.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    );
  return new RegExp(`^${segments.join('')}/?$`);
}

const ALWAYS = [...Object.values(WEB_ROUTES), ...STATIC_PAGE_ROUTES].map(toRegExp);
const WITH_ACCOUNTS = Object.values(ACCOUNT_WEB_ROUTES).map(toRegExp);

/** Whether the web app has a page at `path` (without its query) for a brand with or without accounts. */
export function isWebRoute(path: string, accounts: boolean): boolean {
  return ALWAYS.some((re) => re.test(path)) || (accounts && WITH_ACCOUNTS.some((re) => re.test(path)));
}
