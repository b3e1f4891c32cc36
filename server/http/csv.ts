import Papa from "papaparse";

/**
 * Every CSV file the product writes (the audit export, the CP&CD lists; ADR 0030): written by papaparse, one way.
 *  - Records end with CRLF (RFC 4180), the last one too.
 *  - A cell is quoted when it holds the separator, a quote, CR or LF, or starts or ends with a space. A line break
 *    inside a cell is always quoted, so a spreadsheet never reads it as the end of a record.
 *  - A cell that a spreadsheet would run as a formula (OWASP: it starts with = + - @, tab, CR or LF) gets a leading
 *    apostrophe and is quoted, so it shows as text.
 */
export const FORMULA_START = /^[=+\-@\t\r\n]/;

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
