/**
 * Canonical sections for the offline rules: each section of a protocol is tagged by its heading through an alias table
 * (ICH M11 and the common sponsor templates: the same content sits under different numbers), and inherits the tags of
 * the sections it is nested in. A block's weight says how much a statement there describes *this* study: the title
 * page and synopsis most, background, references and template boilerplate least.
 */
import type { ProtocolDocument } from "../../contract";

export type SectionTag =
  | "title"
  | "synopsis"
  | "objectives"
  | "endpoints"
  | "primaryEndpoint"
  | "design"
  | "blinding"
  | "randomization"
  | "population"
  | "inclusion"
  | "exclusion"
  | "contraception"
  | "treatment"
  | "concomitant"
  | "assessments"
  | "safety"
  | "aeDefinitions"
  | "statistics"
  | "sampleSize"
  | "interim"
  | "committees"
  | "oversight"
  | "consent"
  | "background"
  | "rationale"
  | "references"
  | "abbreviations"
  | "toc"
  | "appendix"
  | "vulnerable";

const ALIASES: [RegExp, SectionTag[]][] = [
  [/^(title page|cover page)/i, ["title"]],
  [/(table of contents|list of (tables|figures))/i, ["toc"]],
  [/(abbreviations|glossary|definitions of terms)/i, ["abbreviations"]],
  [
    /(synopsis|protocol summary|study summary|trial summary|summary of (the )?(protocol|study)|^summary$)/i,
    ["synopsis"],
  ],
  [/overall design/i, ["synopsis", "design"]],
  [/primary (objective|endpoint|outcome|efficacy|study endpoint|variable)s?/i, ["primaryEndpoint", "endpoints"]],
  [/^(primary)$/i, ["primaryEndpoint", "endpoints"]],
  [/(objectives?|endpoints?|outcomes?|estimands?)/i, ["objectives", "endpoints"]],
  [/^variables?\b|efficacy (variable|assessment)s?/i, ["endpoints"]],
  [/(blinding|masking|unblinding)/i, ["blinding"]],
  [/(randomi[sz]ation|treatment assignment|assignment to)/i, ["randomization"]],
  [
    /(study|trial|investigational) (design|plan)|design of the (study|trial)|description of (the )?(study|trial) design|general design/i,
    ["design"],
  ],
  [/rationale|justification/i, ["rationale"]],
  [/inclusion/i, ["inclusion", "population"]],
  [/exclusion/i, ["exclusion", "population"]],
  [/(contracept|childbearing|pregnan)/i, ["contraception"]],
  [/vulnerable/i, ["vulnerable"]],
  [
    /(population|selection of (study )?(patients|subjects|participants)|eligibility|number of subjects and sites)/i,
    ["population"],
  ],
  [
    /^(?!.*(intervention|treatments?\b|study drug)).*(concomitant|prohibited|permitted|standard of care)/i,
    ["concomitant"],
  ],
  [
    /(treatment|intervention|investigational (product|drug|agent|medicinal)|study (drug|product|medication|vaccine)|vaccines?\b|dosing|dose|administration|drug supply|preparation|accountability|storage)/i,
    ["treatment"],
  ],
  [
    /(adverse event|serious adverse|definitions?|reporting|severity|causality|expectedness|pregnancy)/i,
    ["safety", "aeDefinitions"],
  ],
  [/(safety (monitoring|assessment|plan)|stopping rules|dose.limiting|toxicit)/i, ["safety"]],
  [/(sample size|number of (subjects|patients|participants)|power)/i, ["sampleSize", "statistics"]],
  [/(interim)/i, ["interim", "statistics"]],
  [/(statistic|analysis|analyses|data analysis)/i, ["statistics"]],
  [/(committee|dsmb|data monitoring|data and safety)/i, ["committees"]],
  [
    /(oversight|monitoring|quality|regulatory|ethic|data (handling|management|collection)|source data|record|publication|deviation|audit|insurance)/i,
    ["oversight"],
  ],
  [/(informed consent|consent form)/i, ["consent"]],
  [/(assessment|procedure|visit|schedule|evaluation|laboratory|sample|specimen|follow.up|screening)/i, ["assessments"]],
  [
    /(introduction|background|previous|prior (studies|experience)|nonclinical|non-clinical|clinical experience|pharmacology|disease)/i,
    ["background"],
  ],
  [/(reference|bibliograph|literature)/i, ["references"]],
  [/^(appendix|annex|attachment)|appendix|^\d+\s*appendices/i, ["appendix"]],
];

export function tagsForTitle(title: string): SectionTag[] {
  const tags: SectionTag[] = [];
  for (const [re, t] of ALIASES) if (re.test(title)) for (const x of t) if (!tags.includes(x)) tags.push(x);
  return tags;
}

export interface DocIndex {
  doc: ProtocolDocument;
  /** Tags of each section, its ancestors' included. */
  sectionTags: SectionTag[][];
  /** Tags of each block (its section's, or "title" before the first section and on the first pages). */
  blockTags: SectionTag[][];
  /** Whether a block is on the title page: before the first section, or in the first section when it is a cover. */
  titlePage: boolean[];
}

export function indexDocument(doc: ProtocolDocument): DocIndex {
  const sectionTags: SectionTag[][] = [];
  const stack: { level: number; tags: SectionTag[] }[] = [];
  for (const s of doc.sections) {
    while (stack.length > 0 && stack[stack.length - 1]!.level >= s.level) stack.pop();
    const own = tagsForTitle(s.title);
    const inherited = stack.length > 0 ? stack[stack.length - 1]!.tags : [];
    // A section's own heading decides ("2.3 Investigational Agents" under "2 Introduction" is not background; "11.4
    // Committees" under "11 Trial Oversight" is about committees); a heading that says nothing inherits its parent's
    // tags; appendix, consent and background always carry down ("2.1.3 Tocilizumab Treatment in CRS" under
    // "2 Introduction" is still background).
    const carried = inherited.filter((t) => t === "appendix" || t === "consent" || t === "background");
    const tags = [...new Set([...(own.length > 0 ? own : inherited), ...carried])];
    sectionTags.push(tags);
    stack.push({ level: s.level, tags });
  }
  const firstNumbered = doc.sections.findIndex((s) => s.number !== null);
  const firstNumberedBlock = firstNumbered >= 0 ? doc.sections[firstNumbered]!.firstBlock : doc.blocks.length;
  const titlePage: boolean[] = [];
  const blockTags = doc.blocks.map((b, i) => {
    const onCover =
      (b.page !== null && b.page <= 2 && i < firstNumberedBlock) ||
      (b.page === null && i < firstNumberedBlock && i < 80) ||
      (b.section !== null && /^(title page|cover)/i.test(doc.sections[b.section]!.title));
    titlePage.push(onCover);
    const tags = b.section !== null ? [...(sectionTags[b.section] ?? [])] : [];
    if (onCover && !tags.includes("title")) tags.push("title");
    // A table-of-contents line ("11.3 Data Monitoring … ........ 39") says what a section is called, not what it says.
    if (
      /(?:\.\s?){6,}\s*(?:[ivxlc]+|[A-Z]?-?\d{1,4})\s*$/i.test(b.text) ||
      /(?:\.\s?){6,}.*(?:\.\s?){6,}/.test(b.text)
    ) {
      tags.push("toc");
    }
    return tags;
  });
  return { doc, sectionTags, blockTags, titlePage };
}

/** How much a statement in this block describes the study itself (0 = not at all). */
export function blockWeight(ix: DocIndex, block: number): number {
  const tags = ix.blockTags[block] ?? [];
  if (tags.includes("toc") || tags.includes("references") || tags.includes("abbreviations")) return 0;
  if (tags.includes("title")) return 10;
  if (tags.includes("synopsis")) return 8;
  let w = 5;
  if (tags.includes("rationale")) w = 3;
  if (tags.includes("background")) w = 1;
  if (tags.includes("appendix") && !tags.includes("consent")) w = Math.min(w, 2);
  return w;
}
