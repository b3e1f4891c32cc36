/**
 * What the CTQ rules know of one protocol: its reader (document and section index), the offline analyzer's facts
 * (facts.ts) by kind, and which facts and topics each list has already used, so that an added item never repeats a
 * given one.
 */
import type { Fact, FactKind } from "../facts";
import { clip, type Evidence, type ItemRecord } from "./items";
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
  /^(?:to|for|any|in|if|the|these|as|after|with|see|all|therefore|analysis|statistical|exception|considered|measured|assessed|determined|displayed|evaluated|defined|collected|performed|reported|described)\b|\b(?:end ?-?points?|objectives?|section|sap|population|analy[sz]ed|compared|previously)\b/i;

export interface Endpoint {
  /** The name the title gives it: the longest plain value stated in its sentence (cut at 120 characters). */
  name: string;
  /** The other names the sentence gives it (an abbreviation, a shorter form). */
  aliases: string[];
  facts: Fact[];
  evidence: Evidence;
}

const words = (t: string) => new Set(t.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []);

/** Whether most words of a name are already in an earlier endpoint's name (the same endpoint, said again). */
function restates(name: string, earlier: Endpoint[]): boolean {
  const w = [...words(name)];
  return earlier.some((e) => {
    const seen = words([e.name, ...e.aliases].join(" "));
    return w.length > 0 && w.filter((x) => seen.has(x)).length / w.length >= 0.6;
  });
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
    const names = facts
      .map((f) => f.value)
      .filter((v) => v.length >= 2 && !NOT_A_NAME.test(v))
      .sort((a, b) => b.length - a.length);
    if (names.length === 0 || restates(names[0]!, out)) continue;
    const name = clip(names[0]!, 120);
    const aliases = names.slice(1).filter((n) => n.length <= 60 && !name.toLowerCase().includes(n.toLowerCase()));
    out.push({ name, aliases, facts, evidence: evidenceOf(facts[0]!) });
  }
  const stated = out.filter((e) => !(s.ix.blockTags[e.evidence.block] ?? []).includes("statistics"));
  return stated.length > 0 ? stated : out;
}

export function endpointUnused(s: Study, list: ItemRecord["list"], e: Endpoint): boolean {
  return !e.facts.some((f) => s.used[list].facts.has(factKey(f)));
}

/** "hba1c" and, when the sentence names it otherwise too, "(also: glycated hemoglobin)". */
export function endpointLabel(e: Endpoint): string {
  return e.aliases.length > 0 ? `${e.name}; also named: ${e.aliases.slice(0, 4).join(", ")}` : e.name;
}
