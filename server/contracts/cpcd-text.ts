/**
 * 001 §3 "Text format for CP&CD": one item per line, title and details separated by a semicolon. Read by the CTQ
 * identification form (company lists and predefined examples into its text areas) and by the API (the start call's
 * two texts into items). Pure, no schema library: the browser may carry it.
 */
export interface CpcdTextItem {
  title: string;
  details: string;
}

/** Lines to items: the first semicolon splits title from details; blank lines and lines without a title are skipped. */
export function parseCpcdText(text: string): CpcdTextItem[] {
  const items: CpcdTextItem[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const at = line.indexOf(";");
    const title = (at < 0 ? line : line.slice(0, at)).trim();
    const details = at < 0 ? "" : line.slice(at + 1).trim();
    if (title !== "") items.push({ title, details });
  }
  return items;
}

/** Items to lines ("title; details", or the title alone); line breaks inside a text become spaces. */
export function formatCpcdText(items: readonly CpcdTextItem[]): string {
  const flat = (s: string) => s.replace(/\s*[\r\n]+\s*/g, " ").trim();
  return items.map((i) => (flat(i.details) ? `${flat(i.title)}; ${flat(i.details)}` : flat(i.title))).join("\n");
}
