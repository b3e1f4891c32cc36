import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import {
  normaliseToastType,
  subscribeToasts,
  TOAST_TEXT,
  TOAST_TIMEOUT_MS,
  type FlashMessage,
  type Notification,
  type ToastRequest,
  type ToastType,
} from "~/lib/toasts";

/**
 * The global toast area (000 §2.8, §4.5): top-right on every page, mounted once by the provider in app/root.tsx.
 * Toasts come from three sources: the flash cookie (server-set, rendered by the server too, so they show without
 * JavaScript), the React API `useToasts().show(...)`, and the browser-side bus of app/lib/toasts.ts (`showToast`,
 * `showErrorToast`). With JavaScript a toast leaves after 5 s (paused while it is hovered or has focus) or on Close;
 * without, it stays and Close reloads the page without it. See docs/decisions/0018-feedback-and-navigation.md.
 */

/**
 * What the context gives: functions, the same for the page's life. The toasts shown are no part of it (the provider
 * hands them to the area itself): a context that changed outside a transition would reach every dehydrated view under
 * it (React #421, ADR 0064).
 */
export interface ToastApi {
  /** Shows a toast; an unknown or missing type counts as information. Returns its id. */
  show: (request: ToastRequest) => number;
  /** Shows the caller's message, or the generic error text, as an error toast (000 §4.5, §8). */
  showError: (message?: string | null) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toast API of the page. Outside the provider (which root.tsx mounts) it throws. */
export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts must be used inside <ToastProvider>");
  return api;
}

export function ToastProvider({ flash, children }: { flash?: readonly FlashMessage[] | null; children: ReactNode }) {
  const { t } = useTranslation();
  // Server-set toasts are part of the first render, with ids 1…n, so server and browser render the same.
  const [toasts, setToasts] = useState<Notification[]>(() =>
    (flash ?? []).map((entry, index) => ({
      id: index + 1,
      type: normaliseToastType(entry.type),
      message: entry.message,
    })),
  );
  const nextId = useRef((flash?.length ?? 0) + 1);
  const seen = useRef(new Set((flash ?? []).map((entry) => entry.key)));

  const show = useCallback(
    (request: ToastRequest) => {
      const id = nextId.current++;
      const message = request.message || t(request.messageKey ?? TOAST_TEXT.genericError);
      setToasts((list) => [...list, { id, type: normaliseToastType(request.type), message }]);
      return id;
    },
    [t],
  );
  const showError = useCallback(
    (message?: string | null) =>
      show(message ? { type: "error", message } : { type: "error", messageKey: TOAST_TEXT.genericError }),
    [show],
  );
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  // Toasts flashed later (after an action, a fetcher, a redirect) arrive with the root loader's data.
  useEffect(() => {
    for (const entry of flash ?? []) {
      if (seen.current.has(entry.key)) continue;
      seen.current.add(entry.key);
      show(entry);
    }
  }, [flash, show]);

  useEffect(() => subscribeToasts(show), [show]);

  const api = useMemo(() => ({ show, showError, dismiss }), [show, showError, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastArea toasts={toasts} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const TOAST_STYLE: Record<ToastType, string> = {
  // danger background
  error: "border-red-800 bg-red-700 text-white",
  // subtle warning background
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  // default
  information: "border-slate-200 bg-white text-slate-900",
};

const CLOSE_STYLE: Record<ToastType, string> = {
  error: "text-white hover:bg-red-800 focus-visible:outline-white",
  warning: "text-amber-950 hover:bg-amber-100 focus-visible:outline-amber-900",
  information: "text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600",
};

/**
 * The area itself, after the page (the provider renders it): a labelled region holding a polite live region that is
 * always there, so additions are announced.
 */
function ToastArea({ toasts, dismiss }: { toasts: readonly Notification[]; dismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = [...new URLSearchParams(location.search)];
  return (
    <section
      aria-label={t("feedback.toasts.region")}
      // Top right, below the header's row(s): it covers none of the header's controls (the bell, Help, the user's
      // menu) while it shows (issue 24, defect 14).
      className="pointer-events-none fixed right-0 top-24 z-[60] flex w-full max-w-sm flex-col px-4 md:top-16"
    >
      <div aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2" data-testid="toast-area">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={dismiss}>
            {/* Without JavaScript, Close reloads this page (the flash is already used up); with it, it just closes. */}
            <form
              method="get"
              action={location.pathname}
              onSubmit={(event) => {
                event.preventDefault();
                dismiss(toast.id);
              }}
            >
              {query.map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                className={`rounded px-2 py-0.5 text-lg leading-none focus-visible:outline focus-visible:outline-2 ${CLOSE_STYLE[toast.type]}`}
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t("feedback.toasts.close")}</span>
              </button>
            </form>
          </ToastItem>
        ))}
      </div>
    </section>
  );
}

function ToastItem({
  toast,
  onClose,
  children,
}: {
  toast: Notification;
  onClose: (id: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onClose(toast.id), TOAST_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, onClose]);
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      data-toast-id={toast.id}
      className={`pointer-events-auto flex items-start gap-3 rounded-md border p-3 text-sm shadow-lg ${TOAST_STYLE[toast.type]}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <p className="min-w-0 flex-1 whitespace-pre-wrap break-words">
        <span className="sr-only">{t(`feedback.toasts.type.${toast.type}`)}: </span>
        {toast.message}
      </p>
      {children}
    </div>
  );
}
