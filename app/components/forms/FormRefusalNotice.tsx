import { useActionData } from "@remix-run/react";
import { formRefusalOf, type FormRefusal } from "~/lib/forms/refusal";

/** The form posted last on this page, by its id: the refusal belongs to it, not to the page's other forms. */
let lastPosted: string | null = null;

/** Whether this form was the one posted last on this page (with scripts). */
export const postedLast = (formId: string) => lastPosted === formId;

/** Spread on a post form: it records that this form was the one posted (for {@link FormRefusalNotice}). */
export const postedFormEvents = (formId: string) => ({
  onSubmitCapture: () => {
    lastPosted = formId;
  },
});

/**
 * The service did not take the form (too large, unreadable; issue 24, defect 8): said in place, inside the form that
 * was posted, whose fields keep what the user entered. With scripts the refusal is the action's answer; without,
 * the page that loads again after it may pass it as `refusal`.
 */
export function FormRefusalNotice({ formId, refusal }: { formId: string; refusal?: FormRefusal | null }) {
  const answered = formRefusalOf(useActionData());
  const shown = refusal ?? (answered && lastPosted === formId ? answered : null);
  if (!shown) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      data-testid="form-refused"
    >
      {shown.message}
    </p>
  );
}
