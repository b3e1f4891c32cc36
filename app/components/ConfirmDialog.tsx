import * as Dialog from "@radix-ui/react-dialog";
import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The one confirmation modal of the product (000 §4.6, §9). docs/decisions/0018-feedback-and-navigation.md.
 *
 * Without JavaScript it is URL state: the trigger is a link to this page with `?confirm=<name>`, the server renders
 * the dialog open, Confirm is a real form post (a named intent and hidden fields) or a real link, and Cancel is a
 * link back to the page without `confirm`. With JavaScript the same markup is a Radix dialog: the trigger's click is
 * intercepted and opens it, focus moves into it and back to the trigger on close, and it is static by default (no
 * closing by backdrop click or Escape).
 */

/** The query parameter that holds the open confirmation's name. */
export const CONFIRM_PARAM = "confirm";

export interface ConfirmFormProps {
  /** Where Confirm posts; default: this page (without the confirm parameter). */
  action?: string;
  /** The value of the Confirm button's `intent`. */
  intent: string;
  /** Hidden fields posted with it. */
  fields?: Record<string, string>;
  /** Post as a full document request even with JavaScript (for targets that are not pages of the app). */
  reloadDocument?: boolean;
}

export interface ConfirmDialogProps {
  /** The URL state name: the page opens the dialog when its URL has `?confirm=<name>`. Omit for a JS-only dialog. */
  name?: string;
  /** The trigger link's content. Omit it when the dialog is controlled (`open`, `onOpenChange`). */
  trigger?: ReactNode;
  /** Where the trigger leads without JavaScript; default: this page with `?confirm=<name>`. */
  triggerHref?: string;
  triggerClassName?: string;
  /** Extra attributes of the trigger link. */
  triggerProps?: { role?: string; "data-testid"?: string; "aria-label"?: string };
  title: string;
  body: ReactNode;
  /** Default "Confirm". */
  confirmLabel?: string;
  /** Default "Cancel". */
  cancelLabel?: string;
  /** Default primary (000 §9). */
  confirmStyle?: "primary" | "danger";
  /** Static by default (000 §9): backdrop clicks and Escape do not close it. `true` lets them (as a cancel). */
  dismissible?: boolean;
  /** What Confirm does: post this form… */
  form?: ConfirmFormProps;
  /** …or follow this link (in a new tab, rel noopener noreferrer, when `confirmNewTab`)… */
  confirmHref?: string;
  confirmNewTab?: boolean;
  /** …or, with neither, only call onConfirm (a JavaScript-only confirmation). */
  onConfirm?: () => void;
  onCancel?: () => void;
  /** Confirm closes the dialog (default true). */
  closeOnConfirm?: boolean;
  /** Controlled use (JavaScript only): the caller holds the open state, as the external-link host does. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Controlled use: where focus goes back on close (when it is still in the page). */
  returnFocusTo?: HTMLElement | null;
}

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** This page's address with one query parameter set, or removed (value null). */
export function hrefWithParam(location: { pathname: string; search: string; hash?: string }, name: string, value: string | null): string {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

const buttonBase =
  "inline-flex items-center justify-center rounded-md px-4 py-2 font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
const confirmClass = {
  primary: `${buttonBase} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
};
const cancelClass = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-600`;

export function ConfirmDialog({
  name,
  trigger,
  triggerHref,
  triggerClassName,
  triggerProps,
  title,
  body,
  confirmLabel,
  cancelLabel,
  confirmStyle = "primary",
  dismissible = false,
  form,
  confirmHref,
  confirmNewTab,
  onConfirm,
  onCancel,
  closeOnConfirm = true,
  open: controlledOpen,
  onOpenChange,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const cancelRef = useRef<HTMLAnchorElement>(null);
  // Own ids: Radix labels the dialog only once its title has mounted in the browser, and the server renders it too.
  const titleId = useId();
  const bodyId = useId();

  const urlOpen = Boolean(name) && new URLSearchParams(location.search).get(CONFIRM_PARAM) === name;
  // null: follow the URL. Opening and closing with JavaScript does not touch the URL.
  const [clientOpen, setClientOpen] = useState<boolean | null>(null);
  useEffect(() => setClientOpen(null), [location.key]);
  const open = controlledOpen ?? clientOpen ?? urlOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen !== undefined) onOpenChange?.(next);
    else setClientOpen(next);
  };

  const pageHref = hrefWithParam(location, CONFIRM_PARAM, null);
  const openHref = triggerHref ?? (name ? hrefWithParam(location, CONFIRM_PARAM, name) : pageHref);

  const cancel = () => {
    setOpen(false);
    onCancel?.();
    // A dialog the URL opened is closed in the URL too.
    if (urlOpen) navigate(pageHref, { replace: true, preventScrollReset: true });
  };
  const confirmed = () => {
    onConfirm?.();
    if (closeOnConfirm) setOpen(false);
  };

  const content = (
    <>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" data-testid="confirm-overlay" />
      <Dialog.Content
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="confirm-dialog"
        className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        onEscapeKeyDown={(event) => {
          if (!dismissible) event.preventDefault();
        }}
        onPointerDownOutside={(event) => {
          if (!dismissible) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (!dismissible) event.preventDefault();
        }}
        onOpenAutoFocus={(event) => {
          // Radix skips links when it picks the first element; Cancel (a link, so it works without JavaScript) is it.
          event.preventDefault();
          cancelRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = triggerRef.current ?? returnFocusTo;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 text-slate-700">
          {body}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {/* First, so it takes the focus: the safe choice (WAI-ARIA APG, alert dialog). */}
          <a
            ref={cancelRef}
            href={pageHref}
            className={cancelClass}
            data-testid="confirm-cancel"
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              cancel();
            }}
          >
            {cancelLabel ?? t("feedback.confirm.cancel")}
          </a>
          {form ? (
            <Form
              method="post"
              action={form.action ?? pageHref}
              reloadDocument={form.reloadDocument}
              onSubmit={confirmed}
            >
              {Object.entries(form.fields ?? {}).map(([field, value]) => (
                <input key={field} type="hidden" name={field} value={value} />
              ))}
              <button type="submit" name="intent" value={form.intent} className={confirmClass[confirmStyle]}>
                {confirmLabel ?? t("feedback.confirm.confirm")}
              </button>
            </Form>
          ) : confirmHref ? (
            <a
              href={confirmHref}
              className={confirmClass[confirmStyle]}
              {...(confirmNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              onClick={confirmed}
            >
              {confirmLabel ?? t("feedback.confirm.confirm")}
            </a>
          ) : (
            <button type="button" className={confirmClass[confirmStyle]} onClick={confirmed}>
              {confirmLabel ?? t("feedback.confirm.confirm")}
            </button>
          )}
        </div>
      </Dialog.Content>
    </>
  );

  return (
    <>
      {trigger === undefined ? null : (
      <a
        ref={triggerRef}
        href={openHref}
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-expanded={open}
        {...triggerProps}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {trigger}
      </a>
      )}
      <Dialog.Root
        open={open}
        onOpenChange={(next) => {
          if (!next) cancel();
        }}
      >
        {/* Opened by the URL, the server renders it in place (a portal renders nothing there); opened by a click,
            it goes to the end of the body. */}
        {open && !urlOpen ? <Dialog.Portal>{content}</Dialog.Portal> : content}
      </Dialog.Root>
    </>
  );
}
