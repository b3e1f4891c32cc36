/** The CP&CD import form (issue 12): a file or pasted text, and the required rationale (001 §5). */
import * as z from "zod/mini";
import { fileField, MAX_LENGTH, textField } from "~/lib/validation";

/** Pasted text: as much as a file may hold. */
export const MAX_PASTED_CHARACTERS = 512 * 1024;

export const importFormSchema = z.object({
  intent: z.optional(z.string()),
  file: fileField(),
  text: textField({ trim: true, maxLength: MAX_PASTED_CHARACTERS }),
  rationaleForChange: textField({ required: true, trim: true, maxLength: MAX_LENGTH.textarea }),
});
