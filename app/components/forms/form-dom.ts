import type { SubmissionResult } from "@conform-to/react";

/** A form's messages by field name (conform's shape). */
export type Errors = Record<string, string[]>;

/** A server reply's messages, fields without any left out. */
export const serverErrors = (result: SubmissionResult<string[]> | null | undefined): Errors => {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
};

/** The document's form of this id (none while rendered on the server). */
export const formOf = (id: string) => (typeof document === "undefined" ? null : document.forms.namedItem(id));

/** Focuses the form's first control that has a message (as conform does after a refused submit). */
export function focusFirstInvalid(id: string, errors: Errors): void {
  for (const element of Array.from(formOf(id)?.elements ?? [])) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) return (element as HTMLElement).focus();
  }
}
