/**
 * The form kit's validation runtime (ADR 0050): conform's parser and zod/mini with the form's schema. The light engine
 * ({@link ./useLightKitForm}) loads it after the first paint; until then a post goes to the server as it stands, and the
 * server checks it with the same schema (as it checks every post).
 */
import { parseSubmission, type FormSchema } from "~/lib/forms/schema";

/** The messages of a form's data by field name ("" for the form's own), or null when it would pass. */
export function errorsOf(schema: FormSchema, formData: FormData): Record<string, string[]> | null {
  const submission = parseSubmission(formData, { schema });
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}
