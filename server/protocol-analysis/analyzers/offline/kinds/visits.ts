/**
 * The visit schedule (issue 23), from the schedule of activities before the prose:
 * - the header row of a schedule table ("Visit 1 2 3 … 13 ET 801"): the number of distinct numbered visits
 *   (footnote letters dropped; early-termination and unscheduled columns are not visits of the plan);
 * - a repeating visit ("one visit every 16 weeks");
 * - the screening window ("screened within 28 days") and a follow-up telephone call.
 */
import { has, type BlockContext } from "./context";

const HEADER =
  /\b(?:Study )?Visits?(?: (?:Number|No\.?))?((?:\s+(?:\d{1,4}[a-z]?|ET[a-z]?|EOT|EOS|UNS|FU|X[a-z]?)\b){3,})/g;
const EVERY =
  /\b(?:(?:one |a |clinic |study )?visits?\b[^.;]{0,40}?\bevery|every)\s+(\d{1,2}|two|three|four|six|eight|twelve)\s+(weeks|months|days)\b(?=[^.;]{0,40}\bvisits?\b|)/gi;
const SCREENING =
  /\b(?:screened|screening (?:period |visit )?(?:of|will (?:be|occur|take place)|must (?:be|occur))?)\s*(?:within|up to|no more than)\s+(\d{1,3})\s+days\b/gi;
const PHONE =
  /\bfollow-up (?:tele)?phone (?:call|contact|visit)|(?:tele)?phone (?:call|contact) (?:for|as) (?:the )?(?:safety )?follow-up\b/gi;
const WORDS: Record<string, string> = { two: "2", three: "3", four: "4", six: "6", eight: "8", twelve: "12" };

/** Numbered visits of a schedule header row: "1a 2 3 … 13 ETb 801c" → 14. */
export function visitCount(row: string): number {
  const numbers = new Set<number>();
  for (const t of row.trim().split(/\s+/)) {
    const m = /^(\d{1,4})[a-z]?$/.exec(t);
    if (m) numbers.add(Number(m[1]));
  }
  return numbers.size;
}

export function visitsFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (background || has(ix, b, "exclusion", "inclusion", "references")) return;
  for (const m of text.matchAll(HEADER)) {
    const n = visitCount(m[1]!);
    // A row that counts up from 1 (or a screening 0/1) is a header; "Visits 3-9" in prose is not.
    const first = /^\s*(\d{1,4})/.exec(m[1]!);
    if (n < 3 || !first || Number(first[1]) > 1) continue;
    add("visits", `${n} visits`, "schedule header", b, m.index, m.index + m[0].length, w + 2);
  }
  for (const m of text.matchAll(EVERY)) {
    const around = text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 40);
    if (!/\bvisits?\b/i.test(around)) continue;
    const n = WORDS[m[1]!.toLowerCase()] ?? m[1]!;
    add("visits", `every ${n} ${m[2]!.toLowerCase()}`, "repeating visit", b, m.index, m.index + m[0].length, w + 1);
  }
  for (const m of text.matchAll(SCREENING))
    add("visits", `screening within ${m[1]} days`, "screening window", b, m.index, m.index + m[0].length, w);
  for (const m of text.matchAll(PHONE))
    add("visits", "follow-up phone call", "follow-up call", b, m.index, m.index + m[0].length, w);
}
