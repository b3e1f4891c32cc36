import {
  createContext,
  forwardRef,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from "react";
import { leaveHref } from "~/lib/external-links";
import { useTranslation } from "~/lib/i18n-react";
/**
 * The dialog's code is loaded when a link first asks, not with every page: every page holds this host, and most never
 * show the question (ADR 0021's first-visit budget). The module is small and local; the click waits for it once.
 */
const ConfirmDialog = lazy(() =>
  import("./dialogs/ConfirmDialog").then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * Links to addresses outside the system (000 §2.4, §4.6, §9): they ask first — 'Warning', 'You are about to navigate
 * to a page outside of the system. Are you sure you wish to proceed?' — and only then open the address in a new tab.
 *
 * Without JavaScript the link leads to the confirmation page /ng/leave?to=<address>. With it, a click opens the
 * ConfirmDialog, held by one host mounted in app/root.tsx: a link inside a menu that closes (and unmounts) on click
 * still gets its dialog. Proceed is a real link, target _blank, rel noopener noreferrer.
 */

interface ExternalLinkHostApi {
  confirm: (address: string, opener: HTMLElement | null) => void;
}

const HostContext = createContext<ExternalLinkHostApi | null>(null);

export function ExternalLinkHost({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<{ address: string; opener: HTMLElement | null } | null>(null);
  // Mounted from the first question on, so that closing it gives the focus back to its link.
  const [asked, setAsked] = useState(false);
  const confirm = useCallback((address: string, opener: HTMLElement | null) => {
    setAsked(true);
    setPending({ address, opener });
  }, []);
  const api = useMemo(() => ({ confirm }), [confirm]);
  return (
    <HostContext.Provider value={api}>
      {children}
      {!asked ? null : (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={pending !== null}
            onCancel={() => setPending(null)}
            onConfirm={() => setPending(null)}
            returnFocusTo={pending?.opener}
            title={t("links.external.title")}
            message={<ExternalLinkText address={pending?.address ?? ""} />}
            confirmLabel={t("links.external.proceed")}
            confirm={{ href: pending?.address ?? "", newTab: true }}
          />
        </Suspense>
      )}
    </HostContext.Provider>
  );
}

/** The warning and the address, in the dialog and on /ng/leave. */
export function ExternalLinkText({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("links.external.text")}</p>
      <p className="mt-3 break-all font-mono text-sm text-slate-600" data-testid="external-address">
        {address}
      </p>
    </>
  );
}

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The absolute address outside the system. */
  href: string;
  children: ReactNode;
}

/** Forwards its ref and props (menus use it as their item); a click asks first, through the host's dialog. */
export const ExternalLink = forwardRef<HTMLAnchorElement, ExternalLinkProps>(function ExternalLink(
  { href, children, onClick, ...rest },
  ref,
) {
  const host = useContext(HostContext);
  return (
    <a
      ref={ref}
      {...rest}
      href={leaveHref(href)}
      aria-haspopup="dialog"
      data-external-href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (!host || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        host.confirm(href, event.currentTarget);
      }}
    >
      {children}
      <NewTabCue />
    </a>
  );
});

/** The cue that a link opens a new tab: an arrow for the eye, the words for assistive technology (WCAG 3.2.5). */
export function NewTabCue() {
  const { t } = useTranslation();
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="ml-1 inline h-3 w-3 shrink-0 fill-current align-baseline">
        <path d="M11 3h6v6h-2V6.4l-6.3 6.3-1.4-1.4L13.6 5H11V3zM5 5h4v2H5v8h8v-4h2v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
      </svg>
      <span className="sr-only"> {t("menus.newTab")}</span>
    </>
  );
}
