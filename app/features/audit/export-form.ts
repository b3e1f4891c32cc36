/** The audit export form (001 §5 "Audit export"): two optional days, From not after To. ADR 0026. */
import * as z from "zod/mini";
import { AUDIT_EXPORT_INTENT } from "~/features/audit/views";
import { dateField } from "~/lib/validation";

export { AUDIT_EXPORT_INTENT };

/** The message key of 001 §5: "\"From\" date must be earlier than or equal to \"To\" date". */
export const FROM_AFTER_TO = "audit.export.fromAfterTo";

export const auditExportSchema = z
  .object({
    intent: z.literal(AUDIT_EXPORT_INTENT),
    from: dateField(),
    to: dateField(),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.from && value.to && value.from > value.to) {
        ctx.addIssue({ code: "custom", message: FROM_AFTER_TO, path: ["from"], input: value });
      }
    }),
  );

/** Why the last export did not download, as the page's address carries it back (`?exportError=`). */
export type AuditExportError = "failed" | "range";
