import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { Button, buttonClass } from "~/components/forms/Button";
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

const extra = "text-sm aria-disabled:cursor-wait";

/**
 * 'Load more' / 'Loading...' (000 §8). With an href it is a link to the next page, which works without JavaScript;
 * an onClick given as well takes over once scripts run. Without an href it is a button.
 */
export function LoadMoreButton({
  loading = false,
  onClick,
  href,
  disabled = false,
  className = "",
}: LoadMoreButtonProps) {
  const { t } = useTranslation();
  const content = (
    <>
      {loading ? <Spinner decorative /> : null}
      <span>{loading ? t("widgets.loadMore.loading") : t("widgets.loadMore.loadMore")}</span>
    </>
  );
  if (disabled) {
    return (
      <Button type="button" variant="secondary" disabled className={`${extra} ${className}`}>
        {t("widgets.loadMore.loadMore")}
      </Button>
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
      <Link
        to={href}
        onClick={handle}
        preventScrollReset
        aria-disabled={loading || undefined}
        className={buttonClass("secondary", `${extra} ${className}`)}
      >
        {content}
      </Link>
    );
  }
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={onClick}
      disabled={loading}
      aria-busy={loading || undefined}
      className={`${extra} ${className}`}
    >
      {content}
    </Button>
  );
}
