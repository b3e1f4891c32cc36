/** The CP&CD import form (issue 12): a file or pasted text, and the required rationale (001 §5). */
import * as z from "zod/mini";
import { fileField, MAX_LENGTH, message, textField } from "~/lib/validation";
import { MAX_IMPORT_BYTES, MAX_PASTED_CHARACTERS } from "./import-limits";

export { MAX_IMPORT_BYTES, MAX_PASTED_CHARACTERS };

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
