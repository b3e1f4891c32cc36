import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { Spinner } from "./Spinner";

export interface LoadMoreButtonProps {
  /** A page is being loaded: 'Loading...' shows and clicks are ignored. */
  loading?: boolean;
  /** With JavaScript: loads the next page in place (e.g. with a fetcher). */
  onClick?: () => void;
  /** The address of the next page, so that it works without JavaScript (and as the fallback of onClick). */
  href?: string;
  /** There is nothing more to load. */
  disabled?: boolean;
  className?: string;
}

const buttonClass =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-500 aria-disabled:cursor-wait";

/**
 * 'Load more' / 'Loading...' (000 §8). With an href it is a link to the next page, which works without JavaScript;
 * an onClick given as well takes over once scripts run. Without an href it is a button.
 */
export function LoadMoreButton({ loading = false, onClick, href, disabled = false, className = "" }: LoadMoreButtonProps) {
  const { t } = useTranslation();
  const content = (
    <>
      {loading ? <Spinner decorative /> : null}
      <span>{loading ? t("widgets.loadMore.loading") : t("widgets.loadMore.loadMore")}</span>
    </>
  );
  if (disabled) {
    return (
      <button type="button" disabled className={`${buttonClass} ${className}`}>
        {t("widgets.loadMore.loadMore")}
      </button>
    );
  }
  if (href) {
    const handle = (event: MouseEvent<HTMLAnchorElement>) => {
      if (loading) {
        event.preventDefault();
        return;
      }
      if (onClick) {
        event.preventDefault();
        onClick();
      }
    };
    return (
      <Link to={href} onClick={handle} preventScrollReset aria-disabled={loading || undefined} className={`${buttonClass} ${className}`}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} disabled={loading} aria-busy={loading || undefined} className={`${buttonClass} ${className}`}>
      {content}
    </button>
  );
}
