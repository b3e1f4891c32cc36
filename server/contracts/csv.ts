import Papa from "papaparse";

/**
 * The CSV files the product writes in Node (the CP&CD lists; ADR 0030): written by papaparse, one way, by the server
 * and the web app alike (a contract: pure, no I/O, no state). The audit export is written by the database (ADR 0031),
 * with the same formula rule (FORMULA_START_SQL).
 *  - Records end with CRLF (RFC 4180), the last one too.
 *  - A cell is quoted when it holds the separator, a quote, CR or LF, or starts or ends with a space. A line break
 *    inside a cell is always quoted, so a spreadsheet never reads it as the end of a record.
 *  - A cell that a spreadsheet would run as a formula (OWASP: it starts with = + - @, tab, CR or LF) gets a leading
 *    apostrophe and is quoted, so it shows as text.
 */
const FORMULA_CHARS = "[=+\\-@\\t\\r\\n]";
export const FORMULA_START = new RegExp(`^${FORMULA_CHARS}`);
/**
 * The same test in PostgreSQL's regular expressions, for the CSV the database writes (the audit export, ADR 0031):
 * an empty match before a formula's first character, where regexp_replace puts the apostrophe.
 */
export const FORMULA_START_SQL = `^(?=${FORMULA_CHARS})`;

export interface CsvOptions {
  /** The cell separator; a comma unless a format says otherwise (the CP&CD files use a semicolon). */
  delimiter?: "," | ";";
}

/** Records as CSV text, each ending with CRLF; "" for none. */
export function csvRecords(records: readonly (readonly string[])[], options: CsvOptions = {}): string {
  if (records.length === 0) return "";
  const text = Papa.unparse(records as string[][], {
    delimiter: options.delimiter ?? ",",
    newline: "\r\n",
    header: false,
    escapeFormulae: FORMULA_START,
  });
  return `${text}\r\n`;
}
