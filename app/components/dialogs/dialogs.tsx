import { useLocation, useNavigate } from "@remix-run/react";
import {
  startTransition,
  Suspense,
  useEffect,
  useId,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from "react";
import * as serverOnly from "~/components/server-eager.server";
import type { ConfirmDialogBoxProps, ConfirmDialogProps } from "./ConfirmDialogBox";
import type { DialogProps } from "./DialogBox";

/*
 * The dialogs' code a page loads first, in one module (one chunk: ADR 0052): the URL state of a dialog
 * (useUrlDialog, DialogTrigger), and Dialog and ConfirmDialog, server-eager and client-lazy. The public modules
 * (./Dialog.tsx, ./ConfirmDialog.tsx, ./url-state.tsx) re-export from here.
 */

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

/**
 * A dialog component that is server-eager and client-lazy (docs/decisions/0052-server-eager-client-lazy-shell-code.md):
 * most pages hold a dialog, few show it at once, so its code is out of the page's first download.
 *
 * - On the server `server` is the implementation itself (a `.server` re-export, empty in the browser): the HTML holds
 *   the dialog whole, open or closed, with or without scripts.
 * - In the browser the implementation is a chunk (`load`), asked for as soon as the page has hydrated. Until it has
 *   come, a closed dialog is `Closed`, the same markup the implementation renders for it (a closed dialog holds
 *   nothing). A page the server rendered with a dialog open loads the chunk before it hydrates (entry.client), so
 *   that dialog hydrates as it stands. An opening before the chunk has come waits for it: in a transition (the
 *   URL-state dialogs, ./url-state.tsx) the closed stand-in stays until it has come; otherwise the dialog shows as
 *   soon as it has.
 */
export function serverEagerClientLazy<P extends { open: boolean }>(
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  Closed: ComponentType<P>,
): ComponentType<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let failure: unknown;
  const once = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download shows the route's error boundary once, and is asked for again by the next dialog.
        failure = error;
        pending = undefined;
        throw error;
      },
    ));
  // A page the server rendered with a dialog open: the code comes before hydrating (entry.client awaits
  // window.__lazyParts, app/components/lazy-part.tsx), so the dialog hydrates as it stands, and an update inside it
  // (its form's state) never reaches a boundary still waiting for its code (React #421).
  if (typeof document !== "undefined" && document.querySelector("dialog[open]"))
    (window.__lazyParts ??= []).push(once().catch(() => undefined));

  /**
   * The implementation, one element type from the first render on (a dialog whose code came keeps its state): where
   * it is at hand (the server; the browser once the code has come) rendered directly, else suspended until it comes.
   */
  function Implementation(props: P & JSX.IntrinsicAttributes) {
    const Component = (server ?? loaded) as ComponentType<P & JSX.IntrinsicAttributes> | undefined;
    if (Component) return <Component {...props} />;
    if (failure !== undefined) {
      const error = failure;
      failure = undefined;
      throw error;
    }
    throw once();
  }

  function ServerEagerClientLazy(props: P) {
    // A closed dialog stands in until the code has come: asked for once the page has hydrated, its arrival a
    // transition (a closed dialog holds nothing, so nothing is lost when the implementation takes its place).
    const [ready, setReady] = useState(false);
    useEffect(() => {
      if (!ready)
        once().then(
          () => startTransition(() => setReady(true)),
          () => undefined,
        );
    }, [ready]);
    // The props as the element's: P is a component's props (no ref), which TypeScript cannot see for a generic P.
    const own = props as P & JSX.IntrinsicAttributes;
    const Stand = Closed as ComponentType<P & JSX.IntrinsicAttributes>;
    const implemented = server !== undefined || loaded !== undefined || ready || props.open;
    return <Suspense fallback={null}>{implemented ? <Implementation {...own} /> : <Stand {...own} />}</Suspense>;
  }
  return ServerEagerClientLazy;
}

/**
 * A closed dialog's markup, as the implementation (./DialogBox.tsx) renders it: the <dialog> element, its class and
 * its labels' ids (the same two useId calls), no content.
 */
export function ClosedDialog({
  hasDescription,
  size,
  testId,
}: {
  hasDescription: boolean;
  size?: "md" | "lg";
  testId?: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      aria-labelledby={titleId}
      aria-describedby={hasDescription ? descriptionId : undefined}
      data-testid={testId}
      className={size === "lg" ? "dialog-box dialog-box-lg" : "dialog-box"}
    />
  );
}

/**
 * The one dialog of the app (./DialogBox.tsx), its code out of the page's first download: whole in the server's HTML,
 * a chunk loaded after hydration in the browser, a closed dialog's markup standing in until then.
 */
export const Dialog = serverEagerClientLazy<DialogProps>(
  (serverOnly as Partial<typeof serverOnly>).DialogBox,
  () => import("./DialogBox").then((module) => module.DialogBox),
  function ClosedStandIn({ description, size, "data-testid": testId }) {
    return <ClosedDialog hasDescription={Boolean(description)} size={size} testId={testId} />;
  },
);

const ConfirmDialogChunk = serverEagerClientLazy<ConfirmDialogBoxProps>(
  (serverOnly as Partial<typeof serverOnly>).ConfirmDialogBox,
  () => import("./ConfirmDialogBox").then((module) => module.ConfirmDialogBox),
  // A message is always given: the box's description.
  function ClosedStandIn() {
    return <ClosedDialog hasDescription testId="confirm-dialog" />;
  },
);

/** The confirmation modal (./ConfirmDialogBox.tsx), server-eager and client-lazy as Dialog. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const location = useLocation();
  return <ConfirmDialogChunk {...props} pageHref={hrefWithParam(location, DIALOG_PARAM, null)} />;
}
