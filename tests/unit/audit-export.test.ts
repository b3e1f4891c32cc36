import { exportBounds } from "@server/audit/read";
import { auditExportRequestSchema } from "@server/contracts/audit";
import { describe, expect, it } from "vitest";
import { AUDIT_EXPORT_INTENT, auditExportSchema, FROM_AFTER_TO } from "~/features/audit/export-form";
import { parseSubmission } from "~/lib/forms/schema";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  data.set("intent", AUDIT_EXPORT_INTENT);
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return parseSubmission(data, { schema: auditExportSchema });
};

describe("audit export range (001 §5)", () => {
  it("the form: both dates optional, From not after To", () => {
    expect(form({}).status).toBe("success");
    expect(form({ from: "2026-11-01" }).status).toBe("success");
    expect(form({ from: "2026-11-01", to: "2026-11-01" }).status).toBe("success");
    const reversed = form({ from: "2026-11-02", to: "2026-11-01" });
    expect(reversed.status).toBe("error");
    expect(reversed.status === "error" ? reversed.error?.from : null).toEqual([FROM_AFTER_TO]);
  });

  it("the API: days or instants, From not after To, the To day whole", () => {
    expect(auditExportRequestSchema.parse({})).toEqual({ from: null, to: null });
    expect(auditExportRequestSchema.parse({ from: "2026-11-01T00:00:00.000Z", to: "2026-11-03" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-03",
    });
    const reversed = auditExportRequestSchema.safeParse({ from: "2026-11-02", to: "2026-11-01" });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe('"From" date must be earlier than or equal to "To" date');
    expect(auditExportRequestSchema.safeParse({ from: "yesterday" }).success).toBe(false);
    expect(exportBounds({ from: "2026-11-01", to: "2026-12-31" })).toEqual({
      fromInclusive: "2026-11-01T00:00:00.000Z",
      toExclusive: "2027-01-01T00:00:00.000Z",
    });
    expect(exportBounds({ from: null, to: null })).toEqual({ fromInclusive: null, toExclusive: null });
  });
});
