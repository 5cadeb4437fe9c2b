import type { PageMeta } from '@cairn/contracts';

/** SPEC §9: recent searches and saved journeys are listed 10 at a time. */
export const LIST_PAGE_SIZE = 10;

export type Pager = {
  page: number;
  lastPage: number;
  hasPrev: boolean;
  hasNext: boolean;
  first: number;
  last: number;
  total: number;
};

/** Prev/Next state and the "11–20 of 23" range for a page of a list. */
export function pagerFor(meta: PageMeta | undefined, shown: number, requestedPage: number): Pager {
  const total = meta?.total ?? 0;
  const perPage = meta?.per_page ?? LIST_PAGE_SIZE;
  const page = meta?.page ?? requestedPage;
  const lastPage = Math.max(1, meta?.last_page ?? Math.ceil(total / perPage));
  const first = shown === 0 ? 0 : (page - 1) * perPage + 1;
  return {
    page,
    lastPage,
    hasPrev: page > 1,
    hasNext: page < lastPage,
    first,
    last: shown === 0 ? 0 : first + shown - 1,
    total,
  };
}

/** Reads ?page= as a positive whole number (1 when absent or malformed). */
export function parsePage(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
