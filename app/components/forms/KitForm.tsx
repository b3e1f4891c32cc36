import { Form, type FormProps } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormRefusal } from "~/lib/forms/refusal";
import { Button } from "./Button";
import { FormRefusalNotice, postedFormEvents } from "./FormRefusalNotice";
import { formProps, type KitFormMeta } from "./props";
import type { useKitForm } from "./useKitForm";

/** What a kit form's markup needs of {@link useKitForm}. */
export interface KitFormState extends Pick<
  ReturnType<typeof useKitForm>,
  "formEvents" | "intent" | "submitDisabled" | "pending"
> {
  form: KitFormMeta;
}

/**
 * A {@link useKitForm} form as the real post it is (method="post"): conform's id and noValidate, and the validity
 * check on every input. Its fields and buttons are its children; its main button is a {@link SubmitButton}.
 */
export function KitForm({
  kit,
  children,
  refusal,
  ...props
}: {
  kit: KitFormState;
  children: ReactNode;
  /** A refusal of the service to show in place (without scripts; with them the form finds it itself). */
  refusal?: FormRefusal | null;
} & Omit<FormProps, "id" | "noValidate" | "onSubmit" | "method">) {
  return (
    <Form method="post" {...formProps(kit.form)} {...kit.formEvents} {...postedFormEvents(kit.form.id)} {...props}>
      <FormRefusalNotice formId={kit.form.id} refusal={refusal} />
      {children}
    </Form>
  );
}

/**
 * A kit form's main button: it sends the form's intent, and is disabled while the form is invalid or being sent
 * (000 §5) — only once scripts can tell, and never as the only explanation (the fields show why).
 */
export function SubmitButton({
  kit,
  disabled = false,
  className = "w-full",
  children,
}: {
  kit: KitFormState;
  /** Disabled for a reason of the page's own (the work is done, say). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      name="intent"
      value={kit.intent}
      className={className}
      disabled={disabled || kit.submitDisabled}
      pending={kit.pending}
    >
      {children}
    </Button>
  );
}
