/**
 * The given items made specific to this protocol: each item of the user's lists is recognised as a topic
 * (topics.ts); where the protocol names what the topic is about (an endpoint, a product, a committee: facts.ts) the
 * title says it, and the details quote what the protocol says of it. An item the protocol never speaks of is dropped,
 * and the history says so.
 */
import type { CtqDatumDraft, CtqGivenItem, CtqProcessDraft } from "../../../contract";
import type { Fact } from "../facts";
import { findByWords, findEvidence } from "./evidence";
import { detailsFrom, type Evidence, type ItemList, type ItemRecord } from "./items";
import {
  endpointLabel,
  endpointsOf,
  endpointUnused,
  evidenceOf,
  factKey,
  factsOf,
  isNone,
  merge,
  type Study,
} from "./study";
import { topicOf, type Topic } from "./topics";

interface Specific {
  title: string;
  evidence: Evidence[];
  lead: string;
  facts: Fact[];
  rule: string;
  /** Why the item is dropped although the protocol speaks of its topic ("no committee"). */
  refused?: string;
}

/** A given endpoint item made specific: the next endpoint of its kind the list has not named yet. */
function fromEndpoints(s: Study, topic: Topic, given: CtqGivenItem, list: ItemRecord["list"]): Specific | null {
  const kind = topic.id === "primaryEndpoint" ? "primaryEndpoint" : "secondaryEndpoint";
  const e = endpointsOf(s, kind).find((x) => endpointUnused(s, list, x));
  if (!e) return null;
  return {
    title: `${given.title}: ${e.name}`,
    evidence: merge(
      [e.evidence],
      findEvidence(s, topic, 1, /\b(?:day|week|month|visit|assess|measur|central|independent)/i),
    ),
    lead: `In this protocol (${endpointLabel(e)}):`,
    facts: e.facts,
    rule: `topic ${topic.id} with ${kind} facts`,
  };
}

/** Topics whose title names what the protocol has (its products, its committee, its blinding). */
const NAMED = new Set(["product", "committee", "blinding"]);

/** What the facts of the topic say: the named thing for the title, and the evidence. */
function fromFacts(s: Study, topic: Topic, given: CtqGivenItem, list: ItemRecord["list"]): Specific | null {
  const kind = topic.facts?.[0];
  if (!kind) return null;
  const all = s.facts.filter((f) => f.kind === kind);
  const named = factsOf(s, kind);
  if (all.length > 0 && named.length === 0 && all.every(isNone)) {
    const refused = `the protocol says: ${all[0]!.value}`;
    return {
      title: given.title,
      evidence: [evidenceOf(all[0]!)],
      lead: "",
      facts: [],
      rule: `${kind} says none`,
      refused,
    };
  }
  if (topic.id === "primaryEndpoint" || topic.id === "secondaryEndpoint") return fromEndpoints(s, topic, given, list);
  if (named.length === 0) return null;
  const chosen = topic.id === "product" || topic.id === "eligibility" ? named.slice(0, 4) : named.slice(0, 1);
  const extra = (topic.facts ?? []).slice(1).flatMap((k) => factsOf(s, k).slice(0, 2));
  const values = chosen.map((f) => f.value).join(", ");
  return {
    title: NAMED.has(topic.id) ? `${given.title}: ${values}` : given.title,
    evidence: merge(chosen.map(evidenceOf), extra.map(evidenceOf), findEvidence(s, topic, 1)),
    lead: `In this protocol (${[...chosen, ...extra].map((f) => f.value).join("; ")}):`,
    facts: chosen,
    rule: `topic ${topic.id} with ${kind} facts`,
  };
}

function specificFor(
  s: Study,
  given: CtqGivenItem,
  list: ItemRecord["list"],
): { topic: Topic | null; specific: Specific | null } {
  const topic = topicOf(given.title) ?? topicOf(given.details);
  if (!topic) {
    const evidence = findByWords(s, given.title);
    const specific = evidence.length
      ? { title: given.title, evidence, lead: "In this protocol:", facts: [], rule: "title words" }
      : null;
    return { topic, specific };
  }
  const byFacts = fromFacts(s, topic, given, list);
  if (byFacts) return { topic, specific: byFacts };
  const evidence = findEvidence(s, topic, 2);
  const specific = evidence.length
    ? { title: given.title, evidence, lead: "In this protocol:", facts: [], rule: `topic ${topic.id}` }
    : null;
  return { topic, specific };
}

/** Specialises every given item of one list into `out` (data items get isCritical from their topic). */
export function specialiseGiven<T extends CtqProcessDraft>(s: Study, given: CtqGivenItem[], out: ItemList<T>): void {
  const data = out.list === "criticalData";
  for (const item of given) {
    const { topic, specific } = specificFor(s, item, out.list);
    const base = { rule: specific?.rule ?? "no evidence", given: `${item.title}; ${item.details}` };
    if (!specific || specific.refused) {
      out.records.push({
        ...base,
        step: "dropped",
        list: out.list,
        title: item.title,
        note: specific?.refused ?? "the protocol does not speak of it: no sentence to cite",
      });
      continue;
    }
    const critical = data ? topic?.critical : undefined;
    const draft = {
      title: specific.title,
      details: detailsFrom(specific.lead, specific.evidence),
      ...(data ? { isCritical: critical !== undefined } : {}),
    } as Omit<T, "citation">;
    const added = out.add(draft, specific.evidence, {
      ...base,
      step: "specialised",
      ...(data ? { criticalBecause: critical ?? "not an endpoint, eligibility, randomisation or safety datum" } : {}),
    });
    if (!added) continue;
    const used = s.used[out.list];
    if (topic) used.topics.add(topic.id);
    for (const f of specific.facts) used.facts.add(factKey(f));
  }
}

export type { CtqDatumDraft };
