/**
 * The CTQ part of `npm run eval:analysis` (issue 25, ADR 0048): the offline CTQ identification run on a protocol with
 * the predefined examples (001 §9) as the user's lists, scored against the protocol's facts file.
 *
 * - Named: the share of the facts file's primary endpoints, key secondary endpoints, investigational products and
 *   safety-committee facts that some critical datum or process names: its title or details hold the fact's value or
 *   one of its `accept` entries as whole words (case, whitespace, quotes and dashes ignored). A fact that says the
 *   study has none ("dsmb: none", "secondaryEndpoint: none") is named when no item claims one.
 * - Cited: the share of items whose citation has a quote found on its page (a DOCX has no pages: found at all) with a
 *   section.
 */
import { locateQuote, normalizeForMatch } from "../server/protocol-analysis/analyzers/common";
import type { CtqOutput, ProtocolDocument } from "../server/protocol-analysis/contract";
import type { FactsFile } from "../tests/fixtures/protocols/generate";

export const CTQ_KINDS = ["primaryEndpoint", "secondaryEndpoint", "imp", "dsmb"] as const;

export interface CtqScore {
  processes: number;
  data: number;
  critical: number;
  named: number;
  total: number;
  byKind: Record<string, { named: number; total: number }>;
  missed: { kind: string; value: string }[];
  items: number;
  cited: number;
  uncited: string[];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether a text names a value as whole words (normalised as quotes are compared). */
export function names(text: string, value: string): boolean {
  const v = normalizeForMatch(value);
  if (v.length < 2) return false;
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRe(v)}(?:$|[^\\p{L}\\p{N}])`, "u").test(normalizeForMatch(text));
}

/** Titles that claim what a "none" fact denies. */
const CLAIMS: Record<string, RegExp> = {
  dsmb: /\b(?:data (?:and safety )?monitoring (?:committee|board)|dsmb|dsmc|i?dmc)\b/i,
  secondaryEndpoint: /\bkey secondary endpoint:/i,
};

function isNoneFact(value: string): boolean {
  return /^(?:none|no)\b/i.test(value.trim());
}

/** Whether a citation's quote is found in the protocol on the cited page (any page for a DOCX), with a section. */
export function citedOnPage(doc: ProtocolDocument, c: { page: number | null; section: string | null; quote: string }) {
  if (c.quote.trim() === "" || c.section === null) return false;
  const block = locateQuote(doc, c.quote, { page: c.page, section: c.section });
  return block !== null && (c.page === null || doc.blocks[block]!.page === c.page);
}

export function scoreCtq(doc: ProtocolDocument, facts: FactsFile, out: CtqOutput): CtqScore {
  const items = [...out.criticalProcesses, ...out.criticalData];
  const texts = items.map((i) => `${i.title} ${i.details}`);
  const byKind: CtqScore["byKind"] = {};
  const missed: CtqScore["missed"] = [];
  let named = 0;
  for (const f of facts.facts.filter((x) => (CTQ_KINDS as readonly string[]).includes(x.kind))) {
    const k = (byKind[f.kind] ??= { named: 0, total: 0 });
    k.total++;
    const ok = isNoneFact(f.value)
      ? !items.some((i) => CLAIMS[f.kind]?.test(i.title))
      : [f.value, ...f.accept].some((v) => texts.some((t) => names(t, v)));
    if (ok) {
      k.named++;
      named++;
    } else missed.push({ kind: f.kind, value: f.value });
  }
  const uncited = items.filter((i) => !citedOnPage(doc, i.citation)).map((i) => i.title);
  return {
    processes: out.criticalProcesses.length,
    data: out.criticalData.length,
    critical: out.criticalData.filter((d) => d.isCritical).length,
    named,
    total: Object.values(byKind).reduce((n, k) => n + k.total, 0),
    byKind,
    missed,
    items: items.length,
    cited: items.length - uncited.length,
    uncited,
  };
}

const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);

/** The CTQ section of the report: a line per protocol (and the misses), or the Markdown table with --table. */
export function printCtq(rows: { name: string; ctq: CtqScore }[], table: boolean): void {
  console.log("\n=== CTQ identification (offline, the predefined examples as the lists) ===");
  for (const { name, ctq: c } of rows) {
    const kinds = CTQ_KINDS.filter((k) => c.byKind[k])
      .map((k) => `${k} ${c.byKind[k]!.named}/${c.byKind[k]!.total}`)
      .join(" · ");
    console.log(
      `${name}: processes ${c.processes}, data ${c.data} (critical ${c.critical}); named ${c.named}/${c.total} (${pct(c.named, c.total)}) [${kinds}]; cited ${c.cited}/${c.items} (${pct(c.cited, c.items)})`,
    );
    for (const m of c.missed) console.log(`  not named ${m.kind}: "${m.value}"`);
    for (const u of c.uncited) console.log(`  not cited: "${u}"`);
  }
  const sum = (f: (c: CtqScore) => number) => rows.reduce((n, r) => n + f(r.ctq), 0);
  const [named, total, cited, items] = [
    sum((c) => c.named),
    sum((c) => c.total),
    sum((c) => c.cited),
    sum((c) => c.items),
  ];
  console.log(`all: named ${named}/${total} (${pct(named, total)}), cited ${cited}/${items} (${pct(cited, items)})`);
  if (!table) return;
  console.log(
    "\n| protocol | processes | data (critical) | named | endpoints (primary · key secondary) | products | committee | cited |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  const k = (c: CtqScore, kind: string) => (c.byKind[kind] ? `${c.byKind[kind].named}/${c.byKind[kind].total}` : "–");
  for (const { name, ctq: c } of rows) {
    console.log(
      `| ${name} | ${c.processes} | ${c.data} (${c.critical}) | ${c.named}/${c.total} (${pct(c.named, c.total)}) | ${k(c, "primaryEndpoint")} · ${k(c, "secondaryEndpoint")} | ${k(c, "imp")} | ${k(c, "dsmb")} | ${c.cited}/${c.items} (${pct(c.cited, c.items)}) |`,
    );
  }
  console.log(
    `| **all** | ${sum((c) => c.processes)} | ${sum((c) => c.data)} (${sum((c) => c.critical)}) | ${named}/${total} (${pct(named, total)}) | | | | ${cited}/${items} (${pct(cited, items)}) |`,
  );
}
