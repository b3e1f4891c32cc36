/**
 * CP&CD lists as files (issue 12, beyond the spec; 001 §3 "Text format for CP&CD", 001 §9): the export is CSV with a
 * semicolon separator and CRLF line ends, criticalProcesses.csv (title;details) or criticalData.csv
 * (isCritical;label;description), written by the product's one CSV writer (server/contracts/csv.ts: every cell escaped
 * against formula injection, line breaks in a cell quoted); the import reads such a file, or pasted text with one item
 * per line (title;details), with csv-parse.
 */
import type { CpcdKind, CriticalDatumItem, CriticalProcessItem } from "@server/contracts/cpcd";
import { CPCD_LIMITS } from "@server/contracts/cpcd";
import { csvRecords, FORMULA_START } from "@server/contracts/csv";
import { parse } from "csv-parse/sync";

export const CSV_FILE_NAMES: Record<CpcdKind, string> = {
  criticalProcesses: "criticalProcesses.csv",
  criticalData: "criticalData.csv",
};

const HEADERS: Record<CpcdKind, string[]> = {
  criticalProcesses: ["title", "details"],
  criticalData: ["isCritical", "label", "description"],
};

/** The largest file or pasted text an import reads (import-form.ts: the browser checks it too). */
export { MAX_IMPORT_BYTES } from "./import-form";

/** The apostrophe the writer puts before a formula-like cell comes off again, so an exported file imports as it was. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** The list as the export file's text. */
export function listToCsv(kind: CpcdKind, items: readonly (CriticalProcessItem | CriticalDatumItem)[]): string {
  const rows = items.map((item) =>
    kind === "criticalProcesses"
      ? [(item as CriticalProcessItem).title, (item as CriticalProcessItem).details]
      : [
          String((item as CriticalDatumItem).isCritical === true),
          (item as CriticalDatumItem).label,
          (item as CriticalDatumItem).description,
        ],
  );
  return csvRecords([HEADERS[kind], ...rows], { delimiter: ";" });
}

/** The export as a download. */
export function csvResponse(kind: CpcdKind, items: readonly (CriticalProcessItem | CriticalDatumItem)[]): Response {
  // A BOM, so spreadsheet programs read the file as UTF-8.
  return new Response(`\uFEFF${listToCsv(kind, items)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${CSV_FILE_NAMES[kind]}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** A problem of one line, or of the whole text; `key` is a locale key under "cpcd", with its values. */
export interface ImportProblem {
  key: string;
  values?: Record<string, string | number>;
}

export type ParsedImport<K extends CpcdKind> =
  | { ok: true; items: K extends "criticalProcesses" ? CriticalProcessItem[] : CriticalDatumItem[] }
  | { ok: false; problems: ImportProblem[] };

/** An upload's text, if it is text: UTF-8 (a BOM allowed), no NUL bytes. Checked by content, not by name or type. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const TRUE = new Set(["true", "yes", "y", "1", "x"]);
const BOOLEAN = new Set([...TRUE, "false", "no", "n", "0", ""]);

/**
 * The items of an import file or pasted text. A first line naming the export's columns is a header; without one,
 * each line is `title;details` (001 §3), and for data `label;description`, or `isCritical;label;description` when
 * the first of three cells is a yes or no. Extra semicolons in pasted details stay in the details.
 */
export function parseImport<K extends CpcdKind>(kind: K, text: string): ParsedImport<K> {
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(normalised, {
      delimiter: ";",
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { ok: false, problems: [{ key: "cpcd.lineUnreadable", values: { line } }] };
  }
  records = records.filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  const header = records[0]?.record.map((cell) => cell.trim().toLowerCase());
  let columns: string[] | null = null;
  if (header && header.join(";") === HEADERS[kind].join(";").toLowerCase()) {
    columns = HEADERS[kind];
    records = records.slice(1);
  }
  if (records.length === 0) return { ok: false, problems: [{ key: "cpcd.nothingToImport" }] };
  if (records.length > CPCD_LIMITS.items)
    return { ok: false, problems: [{ key: "cpcd.tooManyItems", values: { count: CPCD_LIMITS.items } }] };

  const problems: ImportProblem[] = [];
  const seen = new Map<string, number>();
  const items: (CriticalProcessItem | CriticalDatumItem)[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const cells = record.map((cell) => cell.trim());
    // Details keep the semicolons a pasted line has beyond the first (or the first two, for data with isCritical).
    const rest = (from: number) => unescapeCell(record.slice(from).join(";").trim());
    let title: string;
    let details: string;
    let isCritical = false;
    if (kind === "criticalData" && (columns !== null || (cells.length >= 3 && BOOLEAN.has(cells[0]!.toLowerCase())))) {
      isCritical = TRUE.has(cells[0]!.toLowerCase());
      title = unescapeCell(cells[1] ?? "");
      details = rest(2);
    } else {
      title = unescapeCell(cells[0] ?? "");
      details = rest(1);
    }
    const problem = (key: string, values: Record<string, string | number> = {}) =>
      problems.push({ key: `cpcd.${key}`, values: { line, ...values } });
    if (title === "") problem("lineTitleRequired");
    else if (title.length > CPCD_LIMITS.title) problem("lineTitleTooLong", { count: CPCD_LIMITS.title });
    if (details.length > CPCD_LIMITS.details) problem("lineDetailsTooLong", { count: CPCD_LIMITS.details });
    const key = title.toLowerCase();
    if (title !== "" && seen.has(key)) problem("lineRepeatedTitle", { first: seen.get(key)! });
    else seen.set(key, line);
    items.push(kind === "criticalProcesses" ? { title, details } : { label: title, description: details, isCritical });
  }
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, 10) };
  return { ok: true, items: items as never };
}
