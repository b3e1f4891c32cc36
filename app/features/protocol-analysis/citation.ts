import type { RowCitation } from "@server/contracts/risk-row";

/**
 * A citation back from the form's JSON, or null when there is none or it is not one. The rows of both results pages
 * (risk rows, CTQ items) carry their citation as JSON through every round trip (shown, not edited). A module of its
 * own, without a schema, so that either page takes it without the other's list.
 */
export function citationFromForm(text: string): RowCitation | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as RowCitation | null;
    return value && typeof value.quote === "string" ? value : null;
  } catch {
    return null;
  }
}
