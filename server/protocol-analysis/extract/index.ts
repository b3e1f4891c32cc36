/**
 * Protocol text extraction (issue 15, ADR 0029): a PDF or DOCX as a ProtocolDocument, and its readable rendering (the
 * "recognized protocol" file). Pure functions of the bytes: no service state, so they run in a worker thread.
 */
import type { ProtocolDocument } from "../contract";
import { extractDocx } from "./docx";
import { extractPdf, type ExtractOptions } from "./pdf";

export { ProtocolUnreadableError } from "../contract";
export type { ExtractOptions } from "./pdf";

export async function extractProtocol(
  bytes: Uint8Array,
  format: "pdf" | "docx",
  options?: ExtractOptions,
): Promise<ProtocolDocument> {
  return format === "pdf" ? extractPdf(bytes, options) : extractDocx(bytes);
}

/** "p. 34 (printed 33)", "p. 5", or "" for a DOCX. */
export function pageLabel(page: number | null, printedPage: string | null): string {
  if (page === null) return "";
  return printedPage ? `p. ${page} (printed ${printedPage})` : `p. ${page}`;
}

/**
 * The recognised protocol as plain text: a header, the section index, then the text in reading order with a marker
 * at each page (PDF) and each section, so a reader can check what the analyzer saw and where.
 */
export function renderRecognizedText(doc: ProtocolDocument): string {
  const out: string[] = [];
  out.push("RECOGNIZED PROTOCOL");
  if (doc.title) out.push(`Title: ${doc.title}`);
  out.push(`Format: ${doc.format.toUpperCase()}${doc.pageCount !== null ? `, ${doc.pageCount} pages` : ""}`);
  out.push(`Sections: ${doc.sections.length}`);
  for (const w of doc.warnings) out.push(`Warning: ${w}`);
  out.push("");
  if (doc.sections.length > 0) {
    out.push("SECTION INDEX");
    for (const s of doc.sections) {
      const indent = "  ".repeat(Math.max(0, s.level - 1));
      const where = pageLabel(s.page, s.printedPage);
      out.push(`${indent}${s.number ? `§${s.number} ` : ""}${s.title}${where ? ` (${where})` : ""}`);
    }
    out.push("");
  }
  let page: number | null = null;
  for (const [i, b] of doc.blocks.entries()) {
    if (b.page !== null && b.page !== page) {
      page = b.page;
      out.push("", `=== Page ${b.page}${b.printedPage ? ` (printed ${b.printedPage})` : ""} ===`, "");
    }
    const s = b.section !== null ? doc.sections[b.section] : undefined;
    if (s && s.firstBlock === i) {
      out.push("", `--- §${s.number ?? s.title}${s.number ? ` ${s.title}` : ""} ---`);
      if (b.kind === "heading") continue;
    }
    out.push(b.kind === "list" ? `  ${b.text}` : b.kind === "table" ? `| ${b.text}` : b.text);
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n") + "\n";
}
