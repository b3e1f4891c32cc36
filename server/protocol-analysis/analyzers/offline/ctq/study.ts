/**
 * What the CTQ rules know of one protocol: its reader (document and section index), the offline analyzer's facts
 * (facts.ts) by kind, and which facts and topics each list has already used, so that an added item never repeats a
 * given one.
 */
import type { Fact, FactKind } from "../facts";
import type { Evidence, ItemRecord } from "./items";
import type { Reader } from "./evidence";

export interface Study extends Reader {
  facts: Fact[];
  /** Per list: the facts ("kind:value") and topics its items already rest on. */
  used: Record<ItemRecord["list"], { facts: Set<string>; topics: Set<string> }>;
}

/** The facts of a kind that say the study has something ("none" values say it has not). */
export function factsOf(s: Study, kind: FactKind): Fact[] {
  return s.facts.filter((f) => f.kind === kind && !isNone(f));
}

export function isNone(f: Fact): boolean {
  return f.value === "none" || f.value.startsWith("none ") || f.value === "open-label" || f.value === "open label";
}

export const factKey = (f: Fact) => `${f.kind}:${f.value.toLowerCase()}`;

export function evidenceOf(f: Fact): Evidence {
  return { block: f.block, quote: f.quote };
}

/** The evidence that a fact and a sentence give together, each sentence once. */
export function merge(...lists: Evidence[][]): Evidence[] {
  const out: Evidence[] = [];
  for (const e of lists.flat()) if (!out.some((o) => o.quote === e.quote)) out.push(e);
  return out;
}

/** A value that is no endpoint's name: a clause ("to demonstrate …", "for patients who …") or a heading's words. */
const NOT_A_NAME =
  /^(?:to|for|any|in|if|the|these|as|after|with|see|all|therefore|analysis|statistical|exception|considered)\b|\b(?:end ?-?points?|objectives?|section|sap|population|analy[sz]ed|compared|previously)\b/i;

export interface Endpoint {
  /** The name the title gives it: the longest plain value stated in its sentence. */
  name: string;
  facts: Fact[];
  evidence: Evidence;
}

/**
 * The endpoints of a kind, one per sentence that states them (several values of a sentence are one endpoint), in the
 * facts' order; a sentence of the statistics sections counts only when no other states an endpoint.
 */
export function endpointsOf(s: Study, kind: "primaryEndpoint" | "secondaryEndpoint"): Endpoint[] {
  const groups = new Map<string, Fact[]>();
  for (const f of factsOf(s, kind)) groups.set(f.quote, [...(groups.get(f.quote) ?? []), f]);
  const out: Endpoint[] = [];
  for (const facts of groups.values()) {
    const names = facts.map((f) => f.value).filter((v) => v.length >= 2 && v.length <= 150 && !NOT_A_NAME.test(v));
    if (names.length === 0) continue;
    const name = names.sort((a, b) => b.length - a.length)[0]!;
    if (out.some((e) => e.name.toLowerCase().includes(name.toLowerCase()))) continue;
    out.push({ name, facts, evidence: evidenceOf(facts[0]!) });
  }
  const stated = out.filter((e) => !(s.ix.blockTags[e.evidence.block] ?? []).includes("statistics"));
  return stated.length > 0 ? stated : out;
}

export function endpointUnused(s: Study, list: ItemRecord["list"], e: Endpoint): boolean {
  return !e.facts.some((f) => s.used[list].facts.has(factKey(f)));
}
