import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "~/components/forms/Button";
import { useTranslation } from "~/lib/i18n-react";
import { DialogBox } from "./DialogBox";

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

/** The implementation's props: the page's address without `?dialog`, from the wrapper (./dialogs.tsx). */
export interface ConfirmDialogBoxProps extends ConfirmDialogProps {
  pageHref: string;
}

const isLink = (action: ConfirmDialogProps["confirm"]): action is LinkAction => Boolean(action && "href" in action);
const isFormButton = (action: ConfirmDialogProps["confirm"]): action is FormButtonAction =>
  Boolean(action && "form" in action);

/**
 * The confirmation modal (000 §4.6, §9): a title, a message, Cancel (which takes the focus: the safe choice) and
 * Confirm. Every way it can be opened works without scripts: the caller renders it open from URL state
 * (`useUrlDialog`) or from an action's answer, and Confirm and Cancel are real links and form posts.
 */
export function ConfirmDialogBox({
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
  pageHref,
}: ConfirmDialogBoxProps) {
  const { t } = useTranslation();
  return (
    <DialogBox
      open={open}
      title={title}
      description={message}
      dismissible={dismissible}
      onDismiss={onCancel}
      returnFocusTo={returnFocusTo}
      data-testid="confirm-dialog"
      footer={
        <>
          <CancelControl
            cancel={cancel}
            onCancel={onCancel}
            text={cancelLabel ?? t("feedback.confirm.cancel")}
            pageHref={pageHref}
          />
          <ConfirmControl
            confirm={confirm}
            onConfirm={onConfirm}
            text={confirmLabel ?? t("feedback.confirm.confirm")}
            variant={confirmVariant}
            pageHref={pageHref}
          />
        </>
      }
    />
  );
}

/** Cancel, which takes the focus: a page form's button when given (keeps its edits), else a link to this page. */
function CancelControl({
  cancel,
  onCancel,
  text,
  pageHref,
}: Pick<ConfirmDialogProps, "cancel" | "onCancel"> & { text: string; pageHref: string }) {
  if (cancel) {
    return (
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
        {text}
      </Button>
    );
  }
  return (
    <a
      href={pageHref}
      className={buttonClass("secondary")}
      data-autofocus
      data-testid="confirm-cancel"
      onClick={(event) => {
        // A left click without modifier keys (as ./url-state.tsx's isPlainClick: this chunk does not import it).
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onCancel();
      }}
    >
      {text}
    </a>
  );
}

/** Confirm: a link, a page form's button, the dialog's own post, or only onConfirm. */
function ConfirmControl({
  confirm,
  onConfirm,
  text,
  variant,
  pageHref,
}: Pick<ConfirmDialogProps, "confirm" | "onConfirm"> & {
  text: string;
  variant: "primary" | "danger";
  pageHref: string;
}) {
  if (isLink(confirm)) {
    return (
      <a
        href={confirm.href}
        className={buttonClass(variant)}
        {...(confirm.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        // After the browser has followed the link: closing now would take the address away first.
        onClick={() => setTimeout(() => onConfirm?.(), 0)}
      >
        {text}
      </a>
    );
  }
  if (isFormButton(confirm)) {
    return (
      <Button
        variant={variant}
        form={confirm.form}
        name={confirm.name}
        value={confirm.value}
        formNoValidate
        // After the post has started: closing now would take the button, and its post, away.
        onClick={() => setTimeout(() => onConfirm?.(), 0)}
      >
        {text}
      </Button>
    );
  }
  if (confirm) {
    return (
      <Form
        method="post"
        action={confirm.action ?? pageHref}
        reloadDocument={confirm.reloadDocument}
        onSubmit={() => onConfirm?.()}
      >
        {Object.entries(confirm.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button variant={variant} name="intent" value={confirm.intent}>
          {text}
        </Button>
      </Form>
    );
  }
  return (
    <Button type="button" variant={variant} onClick={() => onConfirm?.()}>
      {text}
    </Button>
  );
}
