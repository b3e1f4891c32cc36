/** The CP&CD import form (issue 12): a file or pasted text, and the required rationale (001 §5). */
import * as z from "zod/mini";
import { fileField, MAX_LENGTH, message, textField } from "~/lib/validation";

/** The largest file an import takes: well within the web's form limit (WEB_FORM_MAX_BYTES, 1 MB by default). */
export const MAX_IMPORT_BYTES = 512 * 1024;
/** Pasted text: as much as a file may hold. */
export const MAX_PASTED_CHARACTERS = 512 * 1024;

export const importFormSchema = z.object({
  intent: z.optional(z.string()),
  // Checked in the browser before the post, too (issue 24, defect 8).
  file: fileField({
    maxBytes: MAX_IMPORT_BYTES,
    tooLarge: message("cpcd.fileTooLarge", { size: MAX_IMPORT_BYTES / 1024 }),
  }),
  text: textField({ trim: true, maxLength: MAX_PASTED_CHARACTERS }),
  rationaleForChange: textField({ required: true, trim: true, maxLength: MAX_LENGTH.textarea }),
});
