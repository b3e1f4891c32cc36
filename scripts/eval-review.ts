/**
 * The reviewed-rows set of `npm run eval:analysis` (issue 23): for each development protocol, every row the offline
 * analyzer proposes is labelled keep / edit / reject with a one-line reason, and whether its quote shows the row's
 * claim, by reading the protocol as a strict risk manager would (../shared/protocol-analysis-review.md's standard).
 *
 * A label is keyed by the row's rule (template), the fact it rests on and a hash of the row's whole text and quote:
 * a row whose wording, value or quote changes no longer matches its label and is counted as "unreviewed", never as
 * kept. The labels live in tests/fixtures/analysis-review/<protocol>.json (no protocol text beyond the row itself).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RiskRowDraft } from "../server/protocol-analysis/contract";

export type Label = "keep" | "edit" | "reject";

export interface ReviewEntry {
  key: string;
  /** The row as it was reviewed, for a human reading the file. */
  category: string;
  question: string;
  label: Label;
  /** Whether the cited quote states the fact the row's claim rests on. */
  quoteSupports: boolean;
  reason: string;
}

export interface ReviewFile {
  protocol: string;
  rows: ReviewEntry[];
}

export const REVIEW_DIR = path.resolve(import.meta.dirname, "..", "tests", "fixtures", "analysis-review");

export function rowKey(rule: string, factKind: string, factValue: string, row: RiskRowDraft): string {
  const text = [row.category, row.question, row.statementIf, row.statementDueTo, row.statementThen, row.citation.quote]
    .join("\u0001")
    .replace(/\s+/g, " ");
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  return `${rule}|${factKind}=${factValue}|${hash}`;
}

export function loadReview(protocol: string): Map<string, ReviewEntry> {
  const file = path.join(REVIEW_DIR, `${protocol}.json`);
  if (!existsSync(file)) return new Map();
  const parsed = JSON.parse(readFileSync(file, "utf8")) as ReviewFile;
  return new Map(parsed.rows.map((r) => [r.key, r]));
}

export interface ReviewScore {
  rows: number;
  keep: number;
  edit: number;
  reject: number;
  unreviewed: number;
  quoteSupports: number;
}

export function reviewRows(
  protocol: string,
  rows: { rule: string; factKind: string; factValue: string; row: RiskRowDraft }[],
): { score: ReviewScore; pending: (ReviewEntry & { statements: string; quote: string })[] } {
  const labels = loadReview(protocol);
  const score: ReviewScore = { rows: rows.length, keep: 0, edit: 0, reject: 0, unreviewed: 0, quoteSupports: 0 };
  const pending: (ReviewEntry & { statements: string; quote: string })[] = [];
  for (const r of rows) {
    const key = rowKey(r.rule, r.factKind, r.factValue, r.row);
    const l = labels.get(key);
    if (!l) {
      score.unreviewed++;
      pending.push({
        key,
        category: r.row.category,
        question: r.row.question,
        label: "reject",
        quoteSupports: false,
        reason: "",
        statements: `${r.row.statementIf} ${r.row.statementDueTo} ${r.row.statementThen}`,
        quote: r.row.citation.quote,
      });
      continue;
    }
    score[l.label]++;
    if (l.quoteSupports) score.quoteSupports++;
  }
  return { score, pending };
}
