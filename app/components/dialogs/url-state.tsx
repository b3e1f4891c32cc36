import { useLocation, useNavigate } from "@remix-run/react";
import {
  startTransition,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";

/** The query parameter that names the open dialog: `?dialog=<name>` (docs/decisions/0023-forms-dialogs-and-lists.md). */
export const DIALOG_PARAM = "dialog";

/** This page's address with one query parameter set, or removed (value null). */
export function hrefWithParam(
  location: { pathname: string; search: string },
  name: string,
  value: string | null,
): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/** A left click without modifier keys: the one a script may take over (the others open tabs and windows). */
export const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export interface UrlDialog {
  open: boolean;
  /** This page with `?dialog=<name>`: the trigger's address without scripts. */
  openHref: string;
  /** This page without the parameter: Cancel's address without scripts. */
  closeHref: string;
  show: () => void;
  hide: () => void;
}

/**
 * A dialog whose open state is URL state: open when the address says `?dialog=<name>` (the server renders it), and
 * with scripts opened and closed in place without touching the address. A dialog the address opened is closed in
 * the address too. A new location resets it. Opening and closing are transitions: a dialog whose code has not come
 * yet (app/components/dialogs/Dialog.tsx) keeps the server's markup until it has, rather than being replaced.
 */
export function useUrlDialog(name: string): UrlDialog {
  const location = useLocation();
  const navigate = useNavigate();
  const urlOpen = new URLSearchParams(location.search).get(DIALOG_PARAM) === name;
  const [clientOpen, setClientOpen] = useState<boolean | null>(null);
  useEffect(() => setClientOpen(null), [location.key]);
  const closeHref = hrefWithParam(location, DIALOG_PARAM, null);
  return {
    open: clientOpen ?? urlOpen,
    openHref: hrefWithParam(location, DIALOG_PARAM, name),
    closeHref,
    show: () => startTransition(() => setClientOpen(true)),
    hide: () => {
      startTransition(() => setClientOpen(false));
      if (urlOpen) navigate(closeHref, { replace: true, preventScrollReset: true });
    },
  };
}

/** The link that opens a URL-state dialog: a real link without scripts, an in-place opening with them. */
export function DialogTrigger({
  dialog,
  children,
  ...rest
}: { dialog: UrlDialog; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a
      {...rest}
      href={dialog.openHref}
      aria-haspopup="dialog"
      onClick={(event) => {
        rest.onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        dialog.show();
      }}
    >
      {children}
    </a>
  );
}
