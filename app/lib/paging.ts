/**
 * Paging of lists (000 §5, §9): the query parameters `{id}-page` and `{id}-pageSize`, the allowed page sizes and their
 * default, the rules that turn address values into a valid page and size, the window of page links and the item
 * range. Pure functions: loaders read the address with them, the <Paging> component renders links with them.
 */
import { buildHref } from "./links";

/** Allowed page sizes when a list does not give its own (000 §9). */
export const DEFAULT_ALLOWED_SIZES: readonly number[] = [20, 50, 100];
/** The preferred default size; used when it is among the allowed sizes (000 §9). */
export const PREFERRED_PAGE_SIZE = 50;
/** Page links shown on each side of the current page (000 §9). */
export const PAGES_EACH_SIDE = 2;

export interface PageState {
  page: number;
  pageSize: number;
}

export const pageParam = (id: string) => `${id}-page`;
export const pageSizeParam = (id: string) => `${id}-pageSize`;

/** The allowed sizes to use: the list given, without invalid entries; the default list when nothing valid remains. */
export function allowedSizesOf(allowed?: readonly number[] | null): readonly number[] {
  const valid = (allowed ?? []).filter((size) => Number.isSafeInteger(size) && size > 0);
  return valid.length ? [...new Set(valid)] : DEFAULT_ALLOWED_SIZES;
}

/** 50 when it is allowed, else the first allowed size (000 §9). */
export function defaultPageSize(allowed?: readonly number[] | null): number {
  const sizes = allowedSizesOf(allowed);
  return sizes.includes(PREFERRED_PAGE_SIZE) ? PREFERRED_PAGE_SIZE : sizes[0]!;
}

/** A positive whole number written in decimal digits only ("2", "02"); anything else (0, -1, 1.5, 1e3, "abc") is null. */
function positiveInteger(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (typeof raw !== "string" || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  if (value === 0) return null;
  // A huge page number is still a positive integer: it is limited to the last page like any other.
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

/** The page size from the address: one of the allowed sizes, else the default (000 §5). */
export function parsePageSize(raw: unknown, allowed?: readonly number[] | null): number {
  const sizes = allowedSizesOf(allowed);
  const value = positiveInteger(raw);
  return value !== null && sizes.includes(value) ? value : defaultPageSize(sizes);
}

/** The last page for a total and a size; 1 when there are no items. */
export function lastPage(totalCount: number, pageSize: number): number {
  if (!Number.isFinite(totalCount) || totalCount <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/**
 * The page from the address (000 §5): a positive integer, limited to the last page when the total is known; when the
 * value is invalid, the current page (itself limited to the last page), or 1 when there is none.
 */
export function parsePage(
  raw: unknown,
  options: { totalCount?: number | null; pageSize?: number; current?: number | null } = {},
): number {
  const last =
    options.totalCount === undefined || options.totalCount === null || options.pageSize === undefined
      ? Number.MAX_SAFE_INTEGER
      : lastPage(options.totalCount, options.pageSize);
  const value = positiveInteger(raw) ?? positiveInteger(options.current) ?? 1;
  return Math.min(value, last);
}

/**
 * Reads `{id}-page` and `{id}-pageSize` from an address. Without a total (before the list is loaded) the page is only
 * checked to be a positive integer; call {@link clampPage} once the total is known.
 */
export function readPaging(
  search: URLSearchParams | string,
  id: string,
  options: { allowedSizes?: readonly number[] | null; totalCount?: number | null; current?: number | null } = {},
): PageState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const pageSize = parsePageSize(params.get(pageSizeParam(id)), options.allowedSizes);
  const page = parsePage(params.get(pageParam(id)), {
    totalCount: options.totalCount,
    pageSize,
    current: options.current,
  });
  return { page, pageSize };
}

/** Limits a page to [1, last page]. */
export function clampPage(page: number, totalCount: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), lastPage(totalCount, pageSize));
}

/** The page numbers to link: up to {@link PAGES_EACH_SIDE} on each side of the current one, cut at the first and last. */
export function pageWindow(page: number, last: number, eachSide: number = PAGES_EACH_SIDE): number[] {
  const current = Math.min(Math.max(1, page), Math.max(1, last));
  const from = Math.max(1, current - eachSide);
  const to = Math.min(Math.max(1, last), current + eachSide);
  const pages: number[] = [];
  for (let n = from; n <= to; n += 1) pages.push(n);
  return pages;
}

/** The items shown: X–Y out of N (000 §9). With no items, 0–0 out of 0. */
export function itemRange(
  page: number,
  pageSize: number,
  totalCount: number,
): { from: number; to: number; total: number } {
  const total = Math.max(0, Math.floor(totalCount) || 0);
  if (total === 0) return { from: 0, to: 0, total: 0 };
  const current = clampPage(page, total, pageSize);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize), total };
}

/**
 * The query for a paging change: the current query with `{id}-page` and `{id}-pageSize` both set (an update always
 * carries page and pageSize, 000 §9); other parameters keep their values and order.
 */
export function pagingSearch(search: URLSearchParams | string, id: string, update: PageState): URLSearchParams {
  const params = new URLSearchParams(typeof search === "string" ? search : search.toString());
  params.set(pageParam(id), String(update.page));
  params.set(pageSizeParam(id), String(update.pageSize));
  return params;
}

/** The address for a paging change: the path with {@link pagingSearch}. */
export function pagingHref(pathname: string, search: URLSearchParams | string, id: string, update: PageState): string {
  return buildHref(pathname, pagingSearch(search, id, update));
}

/** The other query parameters, to be carried as hidden inputs by the page-size form (which resets the page). */
export function otherParams(search: URLSearchParams | string, id: string): [string, string][] {
  const params = new URLSearchParams(typeof search === "string" ? search : search.toString());
  return [...params].filter(([key]) => key !== pageParam(id) && key !== pageSizeParam(id));
}
