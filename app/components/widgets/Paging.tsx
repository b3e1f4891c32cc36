import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { useTranslation } from "~/lib/i18n-react";
import {
  allowedSizesOf,
  clampPage,
  defaultPageSize,
  itemRange,
  lastPage,
  otherParams,
  pageParam,
  pageSizeParam,
  pageWindow,
  pagingHref,
} from "~/lib/paging";

export interface PagingProps {
  /** The list's id: its query parameters are `{id}-page` and `{id}-pageSize`. */
  id: string;
  totalCount: number;
  page: number;
  pageSize: number;
  /** Allowed page sizes; 20, 50 and 100 by default. */
  allowedSizes?: readonly number[];
  /** The navigation landmark's name, when a page has more than one paged list ('Pagination' by default). */
  label?: string;
  className?: string;
}

const itemClass = "inline-flex min-w-9 items-center justify-center rounded-md border px-2 py-1 text-sm";
const linkClass = `${itemClass} border-slate-300 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600`;
const currentClass = `${itemClass} border-brand-600 bg-brand-600 font-semibold text-white`;
const disabledClass = `${itemClass} border-slate-200 text-slate-500`;

/**
 * Paging of a list (000 §5, §9): the item range, links to the first, previous, nearby (2 each side), next and last
 * pages, and a page-size chooser. Everything is a link or a GET form, so it works without JavaScript; with it, links
 * route in the app and choosing a size submits at once. The page and size given are checked as the address would be.
 */
export function Paging({ id, totalCount, page, pageSize, allowedSizes, label, className = "" }: PagingProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const sizes = allowedSizesOf(allowedSizes);
  const size = sizes.includes(pageSize) ? pageSize : defaultPageSize(sizes);
  const last = lastPage(totalCount, size);
  const current = clampPage(page, totalCount, size);
  const range = itemRange(current, size, totalCount);
  const href = (target: number) => pagingHref(location.pathname, location.search, id, { page: target, pageSize: size });

  const step = (target: number, enabled: boolean, symbol: string, text: string): ReactNode => (
    <li>
      {enabled ? (
        <Link to={href(target)} className={linkClass}>
          <span aria-hidden="true">{symbol}</span>
          <span className="sr-only">{text}</span>
        </Link>
      ) : (
        <span role="link" aria-disabled="true" className={disabledClass}>
          <span aria-hidden="true">{symbol}</span>
          <span className="sr-only">{text}</span>
        </span>
      )}
    </li>
  );

  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      <p className="text-sm text-slate-700">{t("widgets.paging.range", range)}</p>
      <nav aria-label={label ?? t("widgets.paging.label")}>
        <ul className="flex flex-wrap items-center gap-1">
          {step(1, current > 1, "«", t("widgets.paging.first"))}
          {step(current - 1, current > 1, "‹", t("widgets.paging.previous"))}
          {pageWindow(current, last).map((number) => (
            <li key={number}>
              {number === current ? (
                <Link to={href(number)} className={currentClass} aria-current="page">
                  <span className="sr-only">{t("widgets.paging.page", { page: number })}</span>
                  <span aria-hidden="true">{number}</span>
                </Link>
              ) : (
                <Link to={href(number)} className={linkClass}>
                  <span className="sr-only">{t("widgets.paging.page", { page: number })}</span>
                  <span aria-hidden="true">{number}</span>
                </Link>
              )}
            </li>
          ))}
          {step(current + 1, current < last, "›", t("widgets.paging.next"))}
          {step(last, current < last, "»", t("widgets.paging.last"))}
        </ul>
      </nav>
      <PageSizeForm id={id} sizes={sizes} size={size} />
    </div>
  );
}

/** The page-size chooser: a GET form that starts again at page 1, keeping the address's other parameters. */
function PageSizeForm({ id, sizes, size }: { id: string; sizes: readonly number[]; size: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const selectId = `${id}-page-size`;
  return (
    <Form method="get" action={location.pathname} className="flex items-center gap-2" preventScrollReset>
      {otherParams(location.search, id).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {/* A new size starts again at page 1; the update carries page and pageSize (000 §9). */}
      <input type="hidden" name={pageParam(id)} value="1" />
      <label htmlFor={selectId} className="text-sm text-slate-700">
        {t("widgets.paging.sizeLabel")}
      </label>
      <select
        id={selectId}
        name={pageSizeParam(id)}
        defaultValue={String(size)}
        key={size}
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        className="rounded-md border border-slate-400 bg-white px-2 py-1 text-sm"
      >
        {sizes.map((option) => (
          <option key={option} value={option}>
            {t("widgets.paging.sizeOption", { size: option })}
          </option>
        ))}
      </select>
      {/* Needed without JavaScript; with it the choice applies at once, so the button only shows on focus. */}
      <Button variant="secondary" size="sm" className={hydrated ? "sr-only focus:not-sr-only" : ""}>
        {t("widgets.paging.apply")}
      </Button>
    </Form>
  );
}
