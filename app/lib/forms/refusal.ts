/**
 * A form the service could not take (server/web/guards.ts: larger than WEB_FORM_MAX_BYTES, or unreadable; issue 24,
 * defect 8). Posted with scripts, the answer is the action data `{ formRefused }` (app/routes/ng+/refused.tsx): the
 * page stays as it was, edits and all, and the posted form says why in place (FormRefusalNotice); without scripts the
 * page is shown again with a toast, and a page may open its file form again ({@link FormRefusal.files}).
 */
export interface FormRefusal {
  kind: "formTooLarge" | "formUnreadable";
  /** The refusal as the user reads it (translated). */
  message: string;
  /** The form could carry files (multipart): a page may open its file form again with the reason. */
  files: boolean;
}

/** The refusal in an action's answer, when the answer is one. */
export function formRefusalOf(actionData: unknown): FormRefusal | null {
  if (!actionData || typeof actionData !== "object" || !("formRefused" in actionData)) return null;
  const refused = (actionData as { formRefused: unknown }).formRefused;
  if (!refused || typeof refused !== "object") return null;
  const { kind, message, files } = refused as Record<string, unknown>;
  if ((kind !== "formTooLarge" && kind !== "formUnreadable") || typeof message !== "string") return null;
  return { kind, message, files: files === true };
}
