/**
 * Safety oversight: data monitoring committees, stopping rules, adverse events of special interest.
 */
import { has, sentenceAround, type BlockContext } from "./context";

/** Data monitoring committees (or an explicit none). */
export function committeeFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, doc, add } = c;
  for (const m of [
    ...text.matchAll(
      /\b(independent data monitoring committee|independent data and safety monitoring board|data and safety monitoring (?:board|committee)|data safety monitoring (?:board|committee)|data monitoring committee|safety monitoring committee|safety review committee)\b/gi,
    ),
    ...text.matchAll(/\b(IDMC|iDMC|DSMB|DSMC|DMC|SRC)\b/g),
  ]) {
    const raw = m[1]!;
    const before = text.slice(Math.max(0, m.index - 30), m.index).toLowerCase();
    const after = text.slice(m.index + raw.length, m.index + raw.length + 40).toLowerCase();
    if (/\b(no|without)\s+(independent\s+|external\s+)?$/.test(before) && !heading) {
      add("dsmb", "none", "no committee", b, m.index, m.index + raw.length, w + 4);
      continue;
    }
    if (/\bnot\s*$/.test(before) || /^\)?\s*\(?not dsmb/.test(after)) continue;
    if (background || has(ix, b, "references")) continue;
    let value = normalizeCommittee(raw);
    if (
      /^\s*(:|-)?\s*(no|none|not applicable|n\/a)\b/.test(after) ||
      /^\s*not required/.test(after) ||
      (/^\s*\.?\s*$/.test(after) && /not required/i.test(doc.blocks[b + 1]?.text.slice(0, 40) ?? ""))
    )
      value = "none";
    if (/\bindependent\s*$/.test(before) && value === "dsmb") value = "independent dsmb";
    const next = doc.blocks[b + 1];
    if (value === "none" && heading && next && /not required|\bno\b|none/i.test(next.text.slice(0, 60))) {
      add("dsmb", "none", "no committee", b + 1, 0, Math.min(next.text.length, 60), w + 6);
      continue;
    }
    add(
      "dsmb",
      value,
      "committee",
      b,
      m.index,
      m.index + raw.length,
      w + (has(ix, b, "committees", "synopsis") ? 2 : 0) + (value === "none" ? 4 : 0),
    );
  }
}

/** Safety: stopping rules and adverse events of special interest. */
export function stoppingAndAesiFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  // A heading names a section; the statement under it is the evidence (error class 9).
  if (!background && !heading && !has(ix, b, "references", "toc", "abbreviations")) {
    for (const m of text.matchAll(
      /\b((?:study|trial|dosing|enrol?lment) (?:stopping|pausing|halting) (?:rules?|criteria)|(?:stopping|pausing|halting) (?:rules?|criteria)|(?:stop|pause|halt) (?:the )?(?:study|trial|dosing|enrol?lment) (?:if|when|early))\b/gi,
    )) {
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      if (/\b(no|not applicable|none)\b/.test(sentence) && !/\bif\b/.test(sentence)) continue;
      add(
        "stoppingRules",
        "stopping rules",
        "stopping rules",
        b,
        m.index,
        m.index + m[0].length,
        w + (heading ? -1 : 1),
      );
    }
    for (const m of [
      ...text.matchAll(/\b(adverse events? of (?:special|particular) interest)\b/gi),
      ...text.matchAll(/\b(AESIs?)\b/g),
    ]) {
      add(
        "aesi",
        "aesi",
        "adverse events of special interest",
        b,
        m.index,
        m.index + m[0].length,
        w + (heading ? -1 : 1),
      );
    }
  }
}

function normalizeCommittee(raw: string): string {
  const r = raw.toLowerCase();
  if (/^(idmc|independent data monitoring committee)$/.test(r)) return "idmc";
  if (
    /^(dsmb|data and safety monitoring board|data safety monitoring board|independent data and safety monitoring board)$/.test(
      r,
    )
  )
    return "dsmb";
  if (/^(dsmc|data and safety monitoring committee|data safety monitoring committee)$/.test(r)) return "dsmc";
  if (/^(dmc|data monitoring committee)$/.test(r)) return "dmc";
  if (/^(src|safety review committee)$/.test(r)) return "safety review committee";
  return "safety monitoring committee";
}
