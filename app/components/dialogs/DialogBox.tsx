import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type MutableRefObject,
  type ReactNode,
  type RefObject,
} from "react";
import { useHydrated } from "~/components/forms/hydrated";

/**
 * The one dialog of the app (000 §4.6, §9; docs/decisions/0023-forms-dialogs-and-lists.md), on the native <dialog>.
 *
 * - The server renders it in place, open (`<dialog open>`), when the page's URL or an action's answer says so: it
 *   works without scripts (a non-modal box over a dimmed page).
 * - Once the page's scripts run it is opened with showModal(): the browser traps focus, makes the page behind inert,
 *   puts it in the top layer, and gives focus back when it closes. Focus goes to the element marked
 *   `data-autofocus` inside it (else the browser picks the first focusable one).
 * - Static by default (000 §9): Escape and a click on the backdrop do nothing. `dismissible` makes both a dismissal
 *   (onDismiss); the caller closes it by passing open={false}.
 */
export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** A short text under the title, announced as the dialog's description. */
  description?: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** The buttons, at the bottom right. */
  footer?: ReactNode;
  /** Escape and backdrop clicks dismiss it (they do nothing by default, 000 §9). */
  dismissible?: boolean;
  onDismiss?: () => void;
  /** Where focus goes on close when the element focused before it opened is gone. */
  returnFocusTo?: HTMLElement | null;
  size?: "md" | "lg";
  "data-testid"?: string;
}

const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(":modal");
  } catch {
    return false;
  }
}

export function DialogBox({
  open,
  title,
  description,
  children,
  footer,
  dismissible = false,
  onDismiss,
  returnFocusTo,
  size = "md",
  "data-testid": testId,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const titleId = useId();
  const descriptionId = useId();
  useModalDialog(ref, { open, hydrated, dismissible, onDismiss, returnFocusTo });

  // Before the scripts run (or without them), an open dialog is server-rendered: open, non-modal, over a dimmed page.
  const serverOpen = open && !hydrated;
  return (
    <>
      {serverOpen ? <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50" /> : null}
      <dialog
        ref={ref}
        open={serverOpen || undefined}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-modal={hydrated && open ? "true" : undefined}
        data-testid={testId}
        className={size === "lg" ? "dialog-box dialog-box-lg" : "dialog-box"}
      >
        {/* Only an open dialog has content: a closed one says nothing to anyone, and holds no fields. */}
        {open ? (
          <div className="p-6">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-3 text-slate-700">
                {description}
              </div>
            ) : null}
            {children ? <div className="mt-4">{children}</div> : null}
            {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
          </div>
        ) : null}
      </dialog>
    </>
  );
}

interface ModalState {
  open: boolean;
  hydrated: boolean;
  dismissible: boolean;
  onDismiss?: () => void;
  returnFocusTo?: HTMLElement | null;
}

/** Once hydrated, the dialog is modal while open (showModal), static or dismissible, and gives the focus back. */
function useModalDialog(
  ref: RefObject<HTMLDialogElement>,
  { open, hydrated, dismissible, onDismiss, returnFocusTo }: ModalState,
) {
  const opener = useRef<HTMLElement | null>(null);
  // A close this component made itself (turning the server's open dialog into a modal one) is not the user's.
  const ownClose = useRef(false);
  // The latest props, for the native event listeners.
  const latest = useRef({ open, dismissible, onDismiss, returnFocusTo });
  latest.current = { open, dismissible, onDismiss, returnFocusTo };

  useClientLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !hydrated || typeof dialog.showModal !== "function") return;
    if (open && !isModal(dialog)) {
      // Opened by the server (non-modal) or just now: modal from here on.
      if (dialog.open) {
        ownClose.current = true;
        dialog.close();
      }
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, hydrated]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Once, on mount (the ref does not change): the listeners read the latest props.
    return listenToDialog(dialog, { latest, opener, ownClose });
  }, [ref]);
}

/** The dialog's native events (Escape, close, backdrop click), as its latest props say; answers the clean-up. */
function listenToDialog(
  dialog: HTMLDialogElement,
  {
    latest,
    opener,
    ownClose,
  }: {
    latest: MutableRefObject<Omit<ModalState, "hydrated">>;
    opener: MutableRefObject<HTMLElement | null>;
    ownClose: MutableRefObject<boolean>;
  },
): () => void {
  const onCancel = (event: Event) => {
    // Escape: the caller decides (a static dialog stays).
    event.preventDefault();
    if (latest.current.dismissible) latest.current.onDismiss?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Stops the browser's close request before it starts (Chrome closes anyway on a second Escape otherwise).
    if (event.key === "Escape" && !latest.current.dismissible) event.preventDefault();
  };
  const onClose = () => {
    if (ownClose.current) {
      ownClose.current = false;
      return;
    }
    const { open: wanted, dismissible: canDismiss } = latest.current;
    if (wanted && canDismiss) latest.current.onDismiss?.();
    else if (wanted && !dialog.open && dialog.isConnected) dialog.showModal();
    if (!wanted) {
      const back = opener.current?.isConnected ? opener.current : latest.current.returnFocusTo;
      if (back?.isConnected) back.focus();
      opener.current = null;
    }
  };
  const onClick = (event: MouseEvent) => {
    // The content fills the box: a click on the <dialog> itself is a click on its backdrop.
    if (event.target === dialog && latest.current.dismissible) latest.current.onDismiss?.();
  };
  dialog.addEventListener("cancel", onCancel);
  dialog.addEventListener("keydown", onKeyDown);
  dialog.addEventListener("close", onClose);
  dialog.addEventListener("click", onClick);
  return () => {
    dialog.removeEventListener("cancel", onCancel);
    dialog.removeEventListener("keydown", onKeyDown);
    dialog.removeEventListener("close", onClose);
    dialog.removeEventListener("click", onClick);
  };
}
