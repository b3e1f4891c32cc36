/**
 * Secondary endpoints (issue 23), read from the protocol's structure before its words:
 * - a section whose heading says "Secondary (efficacy) endpoints / outcomes / objectives / variables";
 * - the rows under a "Secondary" label of an objectives/endpoints table (ICH M11 §3, the synopsis table of most
 *   sponsor templates), up to the next label ("Primary", "Exploratory", "Safety" …) or the next synopsis field;
 * - inline statements: "Secondary outcomes: …", "Secondary variable A: …", "… will be assessed as a secondary
 *   endpoint".
 * Each statement is cut into items, and each item into the measure it names ("Mean change in body weight" → "body
 * weight"; "Proportion of patients who achieve HbA1c <7%" → "hba1c <7%"), with its abbreviation forms.
 */
import type { DocIndex } from "../sections";
import { has, type BlockContext } from "./context";

const LABEL =
  /(?:^|\s)(key secondary|secondary|primary|exploratory|tertiary|other|safety|pharmacokinetics?|pk|objectives endpoints)(?: (?:efficacy|safety))?(?: (?:objectives?|endpoints?|outcomes?|variables?))?\s*:?\s*$/i;
/** A synopsis field label opening a block ("Overall Design:", "Number of Participants:"). */
const FIELD = /^\s*[A-Z][A-Za-z()/ -]{2,40}:/;
const SECONDARY_HEADING = /\bsecondary\b.*\b(endpoints?|outcomes?|objectives?|variables?|efficacy|assessments?)\b/i;
const INLINE =
  /\b(?:key )?secondary (?:efficacy |safety )?(?:endpoints?|outcomes?|objectives?|variables?)(?: [A-Z](?=\s*:))?\s*(?:is|are|include|will be|:)\s*/gi;
const INLINE_END =
  /(?:\s>\s|\s>$|\b(?:key )?secondary (?:efficacy |safety )?(?:endpoints?|outcomes?|objectives?|variables?)\b|\b(?:primary|exploratory|tertiary) (?:endpoints?|outcomes?|objectives?|variables?|analys[ie]s)\b|\*)/i;
const AS_SECONDARY =
  /(?:^|[.;]\s+)([A-Z][^.;]{5,240}?)\s+will be (?:assessed|analy[sz]ed|evaluated|reported) as (?:a )?secondary (?:endpoints?|outcomes?)/g;

const COMMON_ACRONYMS = /^(ICH|SAP|ITT|FAS|PP|CI|SD|AE|AES|SAE|SAES|WHO|US|EU|IV|PO|PK|QW|QD|BID|MG|ML|KG)$/;

/** Whether block b sits under a "Secondary" label of an objectives/endpoints table (up to four rows down). */
function underSecondaryLabel(ix: DocIndex, b: number): boolean {
  const blocks = ix.doc.blocks;
  if (FIELD.test(blocks[b]!.text)) return false;
  for (let k = 1; k <= 4 && b - k >= 0; k++) {
    const prev = blocks[b - k]!;
    if (prev.section !== blocks[b]!.section) return false;
    const label = LABEL.exec(prev.text.length > 400 ? prev.text.slice(-60) : prev.text);
    if (label) return /secondary/i.test(label[1]!);
    if (prev.kind === "heading" || FIELD.test(prev.text)) return false;
  }
  return false;
}

/** The measures an endpoint statement names, as short lower-case values. */
export function endpointMeasures(statement: string): string[] {
  const out = new Set<string>();
  const text = statement
    .replace(/[\uf0b7\uf0a7]/g, "\u2022")
    .replace(/\s+/g, " ")
    .trim();
  if (/^(?:not applicable|none|n\/a)\b/i.test(text)) return ["none"];
  const items = text
    .split(/\u2022|;|\s(?=[A-E]\)\s)|\.\s+(?=[A-Z])/)
    .map((s) => s.replace(/^\s*[A-E]\)\s*/, "").trim())
    .filter((s) => s.length > 2);
  for (const item of items) {
    const phrases: string[] = [];
    const patterns = [
      /(?:mean |median |least squares mean |percent(?:age)? )?change (?:from baseline )?in ([^;]+)/gi,
      /(?:proportion|percentage|number) of (?:patients|participants|subjects)\b[^,;]{0,30}?\b(?:who (?:achieve|achieved|reach|have|had|experience)d?|achieving|reaching|with) ([^;]+)/gi,
      /\b(?:incidence|frequency|occurrence|assessment|summary of the number|number(?: and \w+)?|rate) of ([^;]+)/gi,
      /\bassociation between ([^;]+)/gi,
      /\b(time to [a-z][^;,]+)/gi,
    ];
    for (const re of patterns) for (const m of item.matchAll(re)) phrases.push(m[1]!);
    if (phrases.length === 0 && !/^to\b/i.test(item)) phrases.push(item);
    for (const phrase of phrases) addForms(out, phrase);
  }
  for (const k of text.toLowerCase().matchAll(TERMS)) out.add(k[0]);
  return [...out].filter((v) => v.length >= 3 && v.length <= 80 && /[a-z]{3}/.test(v));
}

const CUT =
  /\s(?:from baseline|at (?:week|day|month|visit|baseline|\d)|in (?:cycles?|patients|participants|subjects|axillary|peripheral|the)|following|after|during|over|between|compared|versus|vs\.?|when|among|within|relative to|to week|will be|is|are)\b.*$/i;

function addForms(out: Set<string>, phrase: string): void {
  const p = phrase
    .replace(CUT, "")
    .replace(/[.:,]+$/, "")
    .trim();
  const parts = [p, ...p.split(/,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+/)];
  for (const raw of parts) {
    const part = raw.replace(/^(?:the|a|an|blood|serum|plasma)\s+/i, "").trim();
    if (part.length < 3) continue;
    out.add(part.toLowerCase());
    const core = part.replace(/\s*\([^)]*\)/g, "").trim();
    out.add(core.toLowerCase());
    const before = core.replace(/\s+of\s.*$/i, "").trim();
    if (before !== core) out.add(before.toLowerCase());
    // "natural killer (NK) cells" → "nk cells"; "(CRASH) score" → "crash score".
    for (const m of part.matchAll(/\(([A-Z][A-Za-z0-9-]{1,10})\)\s+([a-z]{3,})/g))
      out.add(`${m[1]} ${m[2]}`.toLowerCase());
    for (const m of part.matchAll(/\b([A-Z][A-Za-z]*[A-Z0-9][A-Za-z0-9-]*)\b/g))
      if (!COMMON_ACRONYMS.test(m[1]!.toUpperCase())) out.add(m[1]!.toLowerCase());
  }
}

const TERMS =
  /\b(progression[- ]free survival|overall survival|objective response rate|duration of response|safety and tolerability|treatment-emergent adverse events|adverse events|quality of life|body weight)\b/g;

export function secondaryEndpointFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading || has(ix, b, "references", "exclusion", "inclusion")) return;
  const block = ix.doc.blocks[b]!;
  const section = block.section !== null ? ix.doc.sections[block.section] : undefined;
  const structural =
    (section !== undefined &&
      SECONDARY_HEADING.test(section.title) &&
      !/analys[ie]s/i.test(section.title) &&
      b <= section.firstBlock + 6) ||
    (has(ix, b, "endpoints", "objectives", "synopsis", "title") && underSecondaryLabel(ix, b)) ||
    (block.section === null && underSecondaryLabel(ix, b));
  if (structural) {
    for (const v of endpointMeasures(text))
      add("secondaryEndpoint", v, "secondary endpoint section", b, 0, text.length, w + 2);
  }
  for (const m of text.matchAll(INLINE)) {
    const start = m.index + m[0].length;
    const rest = text.slice(start, start + 400);
    const end = INLINE_END.exec(rest);
    const statement = rest.slice(0, end ? end.index : rest.length);
    for (const v of endpointMeasures(statement))
      add("secondaryEndpoint", v, "secondary endpoint statement", b, m.index, start + statement.length, w + 3);
  }
  for (const m of text.matchAll(AS_SECONDARY)) {
    for (const v of endpointMeasures(m[1]!))
      add("secondaryEndpoint", v, "secondary endpoint statement", b, m.index, m.index + m[0].length, w + 2);
  }
}
