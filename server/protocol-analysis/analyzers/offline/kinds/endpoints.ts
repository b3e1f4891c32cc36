/**
 * Primary endpoints.
 */
import { blockWeight, type DocIndex } from "../sections";
import { has, type AddFact } from "./context";

export function primaryEndpoint(ix: DocIndex, b: number, text: string, add: AddFact) {
  const w = blockWeight(ix, b);
  if (has(ix, b, "background")) return;
  const forms = (phrase: string): string[] => {
    const out = new Set<string>();
    const p = phrase
      .replace(/\s+/g, " ")
      .replace(/^(the |a |an )/i, "")
      .replace(/[.;:,]+$/, "")
      .trim();
    if (p.length < 3) return [];
    out.add(p.toLowerCase());
    const core = p.replace(/\s*\([^)]*\)/g, "").trim();
    if (core !== p) out.add(core.toLowerCase());
    for (const a of p.matchAll(/\b([A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9-]*|[A-Z]{2,}[0-9]*)\b/g)) {
      if (!/^(ICH|SAP|ITT|FAS|PP|CI|SD|BL|AE|SAE|WHO|US|EU|IV|PO)$/.test(a[1]!)) out.add(a[1]!.toLowerCase());
    }
    for (const k of p.toLowerCase().matchAll(ENDPOINT_TERMS)) out.add(k[0]);
    return [...out];
  };
  const primarySection = has(ix, b, "primaryEndpoint");
  for (const m of text.matchAll(
    /\b(?:the )?primary (?:efficacy |safety |study )?(?:endpoint|outcome|variable|objective|end point)s?(?: measure)?(?: of (?:this|the) (?:study|trial))?\s*(?:is|are|will be|:)\s*(?:to (?:evaluate|assess|compare|determine) )?((?:(?!\. )[^;])*?)(?:\.(?:\s|$)|;|$)/gi,
  )) {
    const phrase = m[1]!.slice(0, 200);
    // "The primary endpoint will be analysed / specified in the SAP …" says how, not what.
    if (
      /^(specified|described|defined|analy[sz]ed|tested|compared|presented|summari[sz]ed|based|assessed using the|handled|imputed|derived)\b/i.test(
        phrase,
      )
    )
      continue;
    for (const v of forms(phrase))
      add("primaryEndpoint", v, "primary endpoint statement", b, m.index, m.index + m[0].length, w + 3);
  }
  // "Safety and progression-free survival at 6 months are primary endpoints."
  for (const m of text.matchAll(
    /(?:^|[.;]\s+)([A-Z][^.;]{2,160}?)\s+(?:is|are)\s+(?:the\s+)?(?:co-)?primary\s+(?:efficacy\s+)?(?:endpoints?|outcomes?)\b/g,
  )) {
    for (const part of m[1]!.split(/,\s*|\s+and\s+/)) {
      for (const v of forms(part))
        add("primaryEndpoint", v, "primary endpoint statement", b, m.index, m.index + m[0].length, w + 2);
    }
  }
  // Under a "Primary endpoint/objective" heading: the first statements of the section.
  if (primarySection) {
    const block = ix.doc.blocks[b]!;
    const s = block.section !== null ? ix.doc.sections[block.section] : undefined;
    if (s && b > s.firstBlock && b <= s.firstBlock + 4 && block.kind !== "heading") {
      let at = 0;
      for (const sentence of text.split(/(?<=[.;])\s+/)) {
        const start = text.indexOf(sentence, at);
        at = start + sentence.length;
        if (/^(primary )?(objectives?|endpoints?)( primary (objectives?|endpoints?))?$/i.test(sentence.trim()))
          continue;
        // A statement of the objective ("to evaluate the efficacy of …") names only the endpoint terms it contains.
        const objective = /\bobjective\b|^to (evaluate|assess|compare|determine|demonstrate)/i.test(sentence);
        const values = objective
          ? [...sentence.toLowerCase().matchAll(ENDPOINT_TERMS)].map((k) => k[0])
          : forms(sentence.slice(0, 160));
        for (const v of values)
          add("primaryEndpoint", v, "primary endpoint section", b, start, start + sentence.length, w);
      }
    }
  }
}

const ENDPOINT_TERMS =
  /\b(progression[- ]free survival|overall survival|clinical status|ordinal (?:scale|outcome)|recovery|mortality|time to [a-z -]{3,30}|change from baseline in [a-z0-9 -]{2,30}|response rate|objective response|hba1c|nt-probnp|dose[- ]limiting toxicit(?:y|ies)|safety and tolerability|composite safety outcome|adverse events)\b/g;
