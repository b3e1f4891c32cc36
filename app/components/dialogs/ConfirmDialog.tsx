import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "~/components/forms/Button";
import { useTranslation } from "~/lib/i18n-react";
import { Dialog } from "./Dialog";
import { DIALOG_PARAM, hrefWithParam, isPlainClick } from "./url-state";

/** A post of the dialog's own form: to `action` (default: this page), with a named intent and hidden fields. */
export interface PostAction {
  action?: string;
  intent: string;
  fields?: Record<string, string>;
  /** A full document request even with scripts (for targets that are no pages of the app). */
  reloadDocument?: boolean;
}
/** A button of a form of the page (`form` is its id): its post carries that form's unsaved state. */
export interface FormButtonAction {
  form: string;
  name: string;
  value: string;
}
/** A link, optionally to a new tab (rel noopener noreferrer). */
export interface LinkAction {
  href: string;
  newTab?: boolean;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Default "Confirm". */
  confirmLabel?: string;
  /** Primary by default (000 §9); danger for what cannot be undone. */
  confirmVariant?: "primary" | "danger";
  /** What Confirm does: post, press a page form's button, or follow a link. Without it, Confirm only calls onConfirm. */
  confirm?: PostAction | FormButtonAction | LinkAction;
  /** Called when Confirm is chosen (with scripts), before the post or link goes ahead. */
  onConfirm?: () => void;
  /** Cancel without scripts: a page form's button (keeps its edits); default a link to this page without `?dialog`. */
  cancel?: FormButtonAction;
  /** Cancel with scripts: the caller closes the dialog (open={false}). */
  onCancel: () => void;
  /** Default "Cancel". */
  cancelLabel?: string;
  /** Escape and backdrop clicks cancel it (static by default, 000 §9). */
  dismissible?: boolean;
  returnFocusTo?: HTMLElement | null;
}

const isLink = (action: ConfirmDialogProps["confirm"]): action is LinkAction => Boolean(action && "href" in action);
const isFormButton = (action: ConfirmDialogProps["confirm"]): action is FormButtonAction =>
  Boolean(action && "form" in action);

/**
 * The confirmation modal (000 §4.6, §9): a title, a message, Cancel (which takes the focus: the safe choice) and
 * Confirm. Every way it can be opened works without scripts: the caller renders it open from URL state
 * (`useUrlDialog`) or from an action's answer, and Confirm and Cancel are real links and form posts.
 */
// eslint-disable-next-line max-lines-per-function -- 121 lines, not yet split: the backlog of issue 21
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  confirmVariant = "primary",
  confirm,
  onConfirm,
  cancel,
  onCancel,
  cancelLabel,
  dismissible = false,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const confirmText = confirmLabel ?? t("feedback.confirm.confirm");
  const cancelText = cancelLabel ?? t("feedback.confirm.cancel");
  const pageHref = hrefWithParam(location, DIALOG_PARAM, null);

  const cancelControl = cancel ? (
    <Button
      variant="secondary"
      form={cancel.form}
      name={cancel.name}
      value={cancel.value}
      formNoValidate
      data-autofocus
      data-testid="confirm-cancel"
      onClick={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {cancelText}
    </Button>
  ) : (
    <a
      href={pageHref}
      className={buttonClass("secondary")}
      data-autofocus
      data-testid="confirm-cancel"
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onCancel();
      }}
    >
      {cancelText}
    </a>
  );

  let confirmControl: ReactNode;
  if (isLink(confirm)) {
    confirmControl = (
      <a
        href={confirm.href}
        className={buttonClass(confirmVariant)}
        {...(confirm.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        // After the browser has followed the link: closing now would take the address away first.
        onClick={() => setTimeout(() => onConfirm?.(), 0)}
      >
        {confirmText}
      </a>
    );
  } else if (isFormButton(confirm)) {
    confirmControl = (
      <Button
        variant={confirmVariant}
        form={confirm.form}
        name={confirm.name}
        value={confirm.value}
        formNoValidate
        // After the post has started: closing now would take the button, and its post, away.
        onClick={() => setTimeout(() => onConfirm?.(), 0)}
      >
        {confirmText}
      </Button>
    );
  } else if (confirm) {
    confirmControl = (
      <Form
        method="post"
        action={confirm.action ?? pageHref}
        reloadDocument={confirm.reloadDocument}
        onSubmit={() => onConfirm?.()}
      >
        {Object.entries(confirm.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button variant={confirmVariant} name="intent" value={confirm.intent}>
          {confirmText}
        </Button>
      </Form>
    );
  } else {
    confirmControl = (
      <Button type="button" variant={confirmVariant} onClick={() => onConfirm?.()}>
        {confirmText}
      </Button>
    );
  }

  return (
    <Dialog
      open={open}
      title={title}
      description={message}
      dismissible={dismissible}
      onDismiss={onCancel}
      returnFocusTo={returnFocusTo}
      data-testid="confirm-dialog"
      footer={
        <>
          {cancelControl}
          {confirmControl}
        </>
      }
    />
  );
}
