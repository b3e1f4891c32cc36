/**
 * The CTQ items as the offline analyzer builds them: a title, details and a citation of a sentence of the protocol,
 * kept within the study lists' limits (CPCD_LIMITS) and unique by title (case-insensitive) within each list.
 */
import { CPCD_LIMITS } from "../../../../contracts/cpcd";
import type { Citation, CtqDatumDraft, CtqProcessDraft, ProtocolDocument } from "../../../contract";
import { citationFor, formatCitation } from "../../common";

/** A sentence of the protocol an item rests on: its block and the verbatim quote. */
export interface Evidence {
  block: number;
  quote: string;
}

/** What the history records of each item: how it came about, from what, and why it is (not) critical. */
export interface ItemRecord {
  step: "specialised" | "added" | "dropped" | "merged";
  list: "criticalProcesses" | "criticalData";
  title: string;
  rule: string;
  given?: string;
  evidence?: string[];
  citation?: string;
  isCritical?: boolean;
  criticalBecause?: string;
  note?: string;
}

/** Cuts a text to `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** "In this protocol: …" with the quoted sentences, each once. */
export function detailsFrom(lead: string, evidence: Evidence[], tail?: string): string {
  const quotes = [...new Set(evidence.map((e) => e.quote.trim()))];
  const parts = [lead.trim(), ...quotes.map((q) => `"${q}"`), tail?.trim() ?? ""].filter((x) => x !== "");
  return clip(parts.join(" "), CPCD_LIMITS.details);
}

/** One list being built: the items and the titles taken (case-insensitive). */
export class ItemList<T extends CtqProcessDraft> {
  readonly items: T[] = [];
  private readonly titles = new Set<string>();
  constructor(
    private readonly doc: ProtocolDocument,
    readonly list: ItemRecord["list"],
    readonly records: ItemRecord[],
  ) {}

  has(title: string): boolean {
    return this.titles.has(clip(title, CPCD_LIMITS.title).toLowerCase());
  }

  /** Adds an item cited by its first evidence; a title already in the list merges into it (recorded). */
  add(item: Omit<T, "citation">, evidence: Evidence[], record: Omit<ItemRecord, "list" | "title">): boolean {
    const title = clip(item.title, CPCD_LIMITS.title);
    const first = evidence[0];
    if (!first) return false;
    if (this.titles.has(title.toLowerCase())) {
      this.records.push({ ...record, step: "merged", list: this.list, title, note: "a title already in the list" });
      return false;
    }
    const citation: Citation = citationFor(this.doc, first.block, first.quote);
    this.titles.add(title.toLowerCase());
    this.items.push({ ...item, title, details: clip(item.details, CPCD_LIMITS.details), citation } as T);
    this.records.push({
      ...record,
      list: this.list,
      title,
      evidence: evidence.map((e) => e.quote),
      citation: formatCitation(citation),
      ...("isCritical" in item ? { isCritical: (item as unknown as CtqDatumDraft).isCritical } : {}),
    });
    return true;
  }
}
