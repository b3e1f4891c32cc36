/**
 * The editable lists' validation runtime (ADR 0050), loaded after the first paint with the list's schemas: the
 * messages of the form's data, and the Add dialog's draft as the row Add makes of it (trimmed and so on).
 */
import { errorsOf } from "~/components/forms/validation-runtime";
import { formValueOfRow, parseDraft } from "~/lib/forms/list";
import { parseSubmission, type FormSchema } from "~/lib/forms/schema";

export interface ListSchemas {
  /** listFormSchema(row, rules): the same schema the action parses. */
  schema: FormSchema;
  /** The schema of one row (the Add dialog's draft is parsed by it). */
  row: FormSchema;
}

export interface ListRuntime {
  /** The messages of the form's data by field name, or null when it would pass. */
  errors(formData: FormData): Record<string, string[]> | null;
  /** The Add dialog's draft as a row's form values. */
  draftRow(formData: FormData): Record<string, string>;
}

export function listRuntime({ schema, row }: ListSchemas): ListRuntime {
  return {
    errors: (formData) => errorsOf(schema, formData),
    draftRow: (formData) => {
      const payload = parseSubmission(formData, { schema }).payload as { draft?: unknown };
      return formValueOfRow(parseDraft(row, payload.draft));
    },
  };
}
