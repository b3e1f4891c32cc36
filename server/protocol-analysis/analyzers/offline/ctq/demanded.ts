/**
 * The items the protocol demands that the given lists lack (issue 25): the primary and key secondary endpoints, the
 * investigational products' dosing and accountability, the eligibility data that decide enrolment, the safety data
 * that drive stopping rules and the committee that reviews them, randomisation and blinding where present. Each rests
 * on a fact of the offline analyzer (facts.ts) or a sentence of the protocol (evidence.ts), and is cited by it.
 */
import type { CtqDatumDraft, CtqProcessDraft } from "../../../contract";
import type { Fact } from "../facts";
import { findEvidence } from "./evidence";
import { detailsFrom, type Evidence, type ItemList } from "./items";
import {
  endpointLabel,
  endpointsOf,
  endpointUnused,
  evidenceOf,
  factKey,
  factsOf,
  merge,
  type Endpoint,
  type Study,
} from "./study";
import { topicById, type CriticalReason } from "./topics";

/** How many secondary endpoints count as key ones (the first stated, as the facts rank them). */
const KEY_SECONDARY = 5;

interface Demand {
  topic: string;
  title: string;
  lead: string;
  evidence: Evidence[];
  facts: Fact[];
  critical?: CriticalReason;
  rule: string;
}

function unused(s: Study, list: ItemList<CtqProcessDraft>, facts: Fact[]): Fact[] {
  return facts.filter((f) => !s.used[list.list].facts.has(factKey(f)));
}

function put<T extends CtqProcessDraft>(s: Study, out: ItemList<T>, d: Demand): void {
  if (d.evidence.length === 0) return;
  const data = out.list === "criticalData";
  const draft = {
    title: d.title,
    details: detailsFrom(d.lead, d.evidence),
    ...(data ? { isCritical: d.critical !== undefined } : {}),
  } as Omit<T, "citation">;
  const ok = out.add(draft, d.evidence, {
    step: "added",
    rule: d.rule,
    ...(data ? { criticalBecause: d.critical ?? "not an endpoint, eligibility, randomisation or safety datum" } : {}),
  });
  if (!ok) return;
  s.used[out.list].topics.add(d.topic);
  for (const f of d.facts) s.used[out.list].facts.add(factKey(f));
}

/** Sentences of a topic that mention the given name (a product's dosing, an endpoint's timing). */
function about(s: Study, topic: string, name: string): Evidence[] {
  const word = name.split(/[\s(,;]/)[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return word.length >= 3 ? findEvidence(s, topicById(topic), 1, new RegExp(`\\b${word}`, "i")) : [];
}

function endpointDemands(s: Study, out: ItemList<CtqProcessDraft>): Demand[] {
  const demand = (kind: "primaryEndpoint" | "secondaryEndpoint", e: Endpoint): Demand => ({
    topic: kind,
    title: `${kind === "primaryEndpoint" ? "Primary endpoint" : "Key secondary endpoint"}: ${e.name}`,
    lead: `${kind === "primaryEndpoint" ? "The primary endpoint" : "A key secondary endpoint"} (${endpointLabel(e)}):`,
    evidence: [e.evidence],
    facts: e.facts,
    critical: kind === "primaryEndpoint" ? "primary endpoint" : "key secondary endpoint",
    rule: `${kind} facts`,
  });
  const unusedOf = (kind: "primaryEndpoint" | "secondaryEndpoint") =>
    endpointsOf(s, kind).filter((e) => endpointUnused(s, out.list, e));
  return [
    ...unusedOf("primaryEndpoint").map((e) => demand("primaryEndpoint", e)),
    ...unusedOf("secondaryEndpoint")
      .slice(0, KEY_SECONDARY)
      .map((e) => demand("secondaryEndpoint", e)),
  ];
}

function productDemands(s: Study, out: ItemList<CtqProcessDraft>, data: boolean): Demand[] {
  const doses = factsOf(s, "dose").slice(0, 3);
  return unused(s, out, factsOf(s, "imp")).map((f) => ({
    topic: "product",
    title: data
      ? `${f.value}: doses administered and exposure`
      : `${f.value}: dosing, administration and accountability`,
    lead: `The investigational product ${f.value}${doses.length ? ` (doses: ${doses.map((d) => d.value).join("; ")})` : ""}:`,
    evidence: merge([evidenceOf(f)], about(s, "product", f.value)),
    facts: [f],
    rule: "imp fact",
  }));
}

function eligibilityDemand(s: Study, data: boolean): Demand {
  const facts = [...factsOf(s, "condition").slice(0, 1), ...factsOf(s, "age").slice(0, 1)];
  const sentences = findEvidence(s, topicById("eligibility"), 1);
  return {
    topic: "eligibility",
    title: data ? "Eligibility data that decide enrolment" : "Eligibility assessment before enrolment",
    lead: `Enrolment depends on the eligibility criteria${facts.length ? ` (${facts.map((f) => f.value).join("; ")})` : ""}:`,
    evidence: merge(sentences, facts.map(evidenceOf)),
    facts,
    critical: "eligibility",
    rule: "eligibility criteria",
  };
}

const NOT_RANDOMISED = /\bnon-?randomi[sz]ed|\bnot (?:be )?randomi[sz]ed|\bwithout randomi[sz]ation/i;

function designDemands(s: Study, data: boolean): Demand[] {
  const out: Demand[] = [];
  const randomised = findEvidence(s, topicById("randomisation"), 2).filter((e) => !NOT_RANDOMISED.test(e.quote));
  if (randomised.length > 0 && !s.facts.some((f) => f.kind === "design" && NOT_RANDOMISED.test(f.value))) {
    out.push({
      topic: "randomisation",
      title: data ? "Randomisation assignment and stratification factors" : "Randomisation",
      lead: "Participants are assigned by randomisation:",
      evidence: randomised,
      facts: [],
      critical: "randomisation",
      rule: "randomisation sentence",
    });
  }
  const blinding = factsOf(s, "blinding")[0];
  if (blinding && !data) {
    out.push({
      topic: "blinding",
      title: `Blinding (${blinding.value}) and emergency unblinding`,
      lead: `The study is ${blinding.value}:`,
      evidence: merge([evidenceOf(blinding)], findEvidence(s, topicById("blinding"), 1)),
      facts: [blinding],
      rule: "blinding fact",
    });
  }
  return out;
}

function safetyDemands(s: Study, data: boolean): Demand[] {
  const out: Demand[] = [];
  const reporting = findEvidence(s, topicById("safetyReporting"), 2);
  out.push({
    topic: "safetyReporting",
    title: data ? "Adverse events and serious adverse events" : "Safety event recording and expedited reporting",
    lead: "Safety events and their reporting in this protocol:",
    evidence: reporting,
    facts: [],
    critical: "safety",
    rule: "safety reporting sentences",
  });
  for (const f of [...factsOf(s, "stoppingRules"), ...factsOf(s, "aesi")]) {
    const rules = f.kind === "stoppingRules";
    out.push({
      topic: rules ? "stopping" : "safetyReporting",
      title: rules
        ? data
          ? "Safety data that drive the stopping rules"
          : "Application of the stopping rules"
        : `Adverse events of special interest: ${f.value}`,
      lead: rules ? `Stopping rules (${f.value}):` : "Adverse events of special interest:",
      evidence: merge([evidenceOf(f)], findEvidence(s, topicById("stopping"), 1)),
      facts: [f],
      critical: "safety",
      rule: `${f.kind} fact`,
    });
  }
  const committee = factsOf(s, "dsmb")[0];
  if (committee && !data) {
    out.push({
      topic: "committee",
      title: `Safety oversight by the ${committee.value}`,
      lead: `Safety review by the ${committee.value}:`,
      evidence: merge([evidenceOf(committee)], findEvidence(s, topicById("committee"), 1)),
      facts: [committee],
      rule: "dsmb fact",
    });
  }
  return out;
}

/** Adds to one list what the protocol demands and its items do not yet cover (by fact, else by topic). */
export function addDemanded<T extends CtqProcessDraft>(s: Study, out: ItemList<T>): void {
  const data = out.list === "criticalData";
  const list = out as unknown as ItemList<CtqProcessDraft>;
  const demands: Demand[] = [
    ...(data ? endpointDemands(s, list) : endpointDemands(s, list).slice(0, 1)),
    ...productDemands(s, list, data),
    eligibilityDemand(s, data),
    ...designDemands(s, data),
    ...safetyDemands(s, data),
  ];
  const used = s.used[out.list];
  for (const d of demands) {
    // A topic the given items cover is not added again, unless the demand names a fact they do not (an endpoint).
    if (d.facts.length === 0 ? used.topics.has(d.topic) : d.facts.every((f) => used.facts.has(factKey(f)))) {
      out.records.push({
        step: "merged",
        list: out.list,
        title: d.title,
        rule: d.rule,
        note: "covered by a given item",
      });
      continue;
    }
    if (
      d.facts.length > 0 &&
      !["primaryEndpoint", "secondaryEndpoint", "product"].includes(d.topic) &&
      used.topics.has(d.topic)
    ) {
      out.records.push({
        step: "merged",
        list: out.list,
        title: d.title,
        rule: d.rule,
        note: "covered by a given item",
      });
      continue;
    }
    put(s, out, d);
  }
}

export type { CtqDatumDraft };
