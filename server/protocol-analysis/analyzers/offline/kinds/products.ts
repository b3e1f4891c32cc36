/**
 * The investigational products, their routes and doses.
 */
import { blockWeight, type DocIndex } from "../sections";
import { has, sentenceAround, escape, type BlockContext, type ImpName } from "./context";

/** Investigational products: names found by findImpNames, cited where named with a role. */
export function impFacts(c: BlockContext): void {
  const { b, w, text, inTitle, add, impNames } = c;
  for (const name of impNames) {
    const m = name.pattern.exec(text);
    if (!m) continue;
    const roleContext =
      /(investigational|study (drug|treatment|medication|product)|experimental|imp\b|we are studying|title|code)/i.test(
        text,
      );
    if (!roleContext && !inTitle) continue;
    add(
      "imp",
      name.value,
      name.rule,
      b,
      m.index,
      m.index + m[0].length,
      w + (roleContext ? 2 : 0) + Math.min(3, name.count / 10),
    );
  }
}

/** Route: near an IMP or in the treatment sections. */
export function routeFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add, nearImp } = c;
  if (
    (has(ix, b, "treatment", "synopsis", "consent") || nearImp) &&
    !background &&
    !has(ix, b, "concomitant", "contraception", "exclusion", "inclusion")
  ) {
    for (const m of text.matchAll(
      /\b(orally|oral|by mouth|p\.?o\.?(?= )|intravenous(?:ly)?|IV(?= |\)|,)|infusions?|subcutaneous(?:ly)?|SC(?= )|s\.c\.|intramuscular(?:ly)?|IM(?= )|inhaled|inhalation(?:al)?|intranasal(?:ly)?|nasal spray|topical(?:ly)?|transdermal|sublingual|intravitreal|(?:film-coated )?tablets?|capsules?)\b/g,
    )) {
      const raw = m[1]!;
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      const after = lower.slice(m.index + raw.length, m.index + raw.length + 40);
      if (/(contracept|anti-?diabetic|anti-rejection|immunomodulatory|and written|hormonal)/.test(before + after))
        continue;
      if (/^\s*(and written|contracept|information|consent)/.test(after)) continue;
      if (
        /^\s*(antibiotics?|antivirals?|antifungals?|fluids?|hydration|contrast|steroids?|corticosteroids?)\b/.test(
          after,
        )
      )
        continue;
      if (/(site based|device|electronic)\s*$/.test(before)) continue;
      if (/(sc formulation|iv and sc|and sc formulations)/.test(lower.slice(Math.max(0, m.index - 10), m.index + 30)))
        continue;
      const r = raw.toLowerCase().replace(/\./g, "");
      const value = /^(oral|orally|by mouth|po|tablets?|film-coated tablets?|capsules?)$/.test(r)
        ? "oral"
        : /^(intravenous|intravenously|iv|infusions?)$/.test(r)
          ? "intravenous"
          : /^(subcutaneous|subcutaneously|sc)$/.test(r)
            ? "subcutaneous"
            : /^(intramuscular|intramuscularly|im)$/.test(r)
              ? "intramuscular"
              : /^(inhaled|inhalation|inhalational)$/.test(r)
                ? "inhaled"
                : /^(intranasal|intranasally|nasal spray)$/.test(r)
                  ? "intranasal"
                  : /^(topical|topically)$/.test(r)
                    ? "topical"
                    : r;
      add(
        "route",
        value,
        "route of administration",
        b,
        m.index,
        m.index + raw.length,
        w + (nearImp ? 2 : 0) + (/^(tablet|capsule|infusion)/.test(r) ? -1 : 0),
      );
    }
  }
}

/** Doses: a strength with its unit, in a sentence that names an IMP, in the treatment sections or synopsis. */
export function doseFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add, impNames, nearImp } = c;
  if (
    (has(ix, b, "treatment", "synopsis") || nearImp) &&
    !background &&
    !has(ix, b, "concomitant", "inclusion", "exclusion", "safety")
  ) {
    for (const m of text.matchAll(
      /\b(\d+(?:\.\d+)?)\s?(mg\/kg|mg\/m2|mg\/m²|mg\/m(?=\s|[,.;)]|$)|mg|µg|mcg|μg|micrograms?|IU|mL\/kg)(?![/a-z*·])/gi,
    )) {
      const sentence = sentenceAround(text, m.index, m.index + m[0].length);
      const namesImp = impNames.some((n) => n.pattern.test(sentence));
      // Without the product's name, a sentence of a treatment section that speaks of doses or strengths.
      const doseTalk =
        has(ix, b, "treatment") &&
        /\b(doses?|strengths?|dosage|dosed|dosing)\b/i.test(sentence) &&
        !/(concomitant|prohibited|rescue|background therapy|prior)/i.test(sentence);
      if (!namesImp && !doseTalk) continue;
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      if (
        /(maximum|no more than|up to|dose of chloroquine|prednisone|dexamethasone|for body weight)\s*[a-z ]{0,10}$/.test(
          before,
        ) &&
        !/maximum dose of\s*$/.test(before)
      ) {
        if (!/maximum dose of\s*$/.test(before)) continue;
      }
      if (/\b(single|starting) dose of\s*$/.test(before) && has(ix, b, "background")) continue;
      const unit = m[2]!
        .toLowerCase()
        .replace(/^micrograms?$/, "µg")
        .replace("mcg", "µg")
        .replace("μg", "µg")
        .replace("m²", "m2")
        // "75 mg/m" where the superscript 2 was lost in extraction.
        .replace(/\/m$/, "/m2");
      const value = `${m[1]} ${unit}`;
      add("dose", value, "dose with unit", b, m.index, m.index + m[0].length, w + (has(ix, b, "treatment") ? 1 : 0));
    }
    // Anaesthetics are dosed to a target: "MAC 0.8-1.2", a target-controlled infusion "ranging from 3.0 to 5.0 mcg/ml".
    for (const m of text.matchAll(
      /\bMAC (\d(?:\.\d)?)\s*[-–]\s*(\d(?:\.\d)?)\b|\b(\d+(?:\.\d+)?)\s*(?:to|-|–)\s*(\d+(?:\.\d+)?)\s*(mcg\/ml|µg\/ml|μg\/ml)/gi,
    )) {
      const value = m[1]
        ? `mac ${m[1]}-${m[2]}`
        : `${m[3]} to ${m[4]} ${m[5]!.toLowerCase().replace(/^(µ|μ)g/, "mcg")}`;
      add("dose", value, "target dose", b, m.index, m.index + m[0].length, w);
    }
  }
}

/** International nonproprietary name stems of medicines, and sponsor codes ("LIK066", "RO4877533", "ABC-1234"). */
const INN =
  /\b([a-z]{3,}(?:mab|nib|parib|lisib|ciclib|gliflozin|glutide|gliptin|sartan|pril|vastatin|vir|previr|buvir|tide|dil|cept|kinra|stim|platin|taxel|rubicin|tinib|zumab|ximab|umab|lukast|prazole|oxacin|cycline|mycin|cillin|conazole|azole|olol|dipine|parin|xaban|gatran|semide|tidine|setron|pitant|triptan|sertib|degib|fenib|rafenib|tecan|trexate|abine|citabine|mustine|zomib|lidomide|sonide|olone|asone|terol|tropium|lintide|relin|relix|tegravir|navir|dronate|parcel|siran|ersen|plin|leucel|prost|meterol|flurane|phosphamide|fosfamide))\b/gi;
const CODE = /\b([A-Z]{2,5}-?\d{3,7}[A-Z]?)\b/g;
const NOT_DRUGS = new Set([
  "placebo",
  "protocol",
  "investigational",
  "insulin",
  "oxygen",
  "ventilation",
  "dexamethasone",
  "prednisone",
  "heparin",
  "enoxaparin",
  "vitamin",
  "medicine",
  "criteria",
  "cytokine",
  "statin",
  "pathogen",
  "peptide",
  "gene",
]);

/**
 * The study's investigational products: drug-like names (INN stems, sponsor codes) that the title page, the synopsis
 * or the treatment sections name, ranked by how often and where they appear; comparators and background drugs are
 * kept when the protocol treats them as study treatment (they matter for supply either way).
 */
export function findImpNames(ix: DocIndex): ImpName[] {
  const stats = new Map<string, { display: string; count: number; strong: number; rule: string; named?: boolean }>();
  const doc = ix.doc;
  for (let b = 0; b < doc.blocks.length; b++) {
    const w = blockWeight(ix, b);
    if (w === 0) continue;
    const text = doc.blocks[b]!.text;
    const strongPlace =
      has(ix, b, "title", "synopsis", "treatment", "consent", "design") && !has(ix, b, "background", "concomitant");
    const roleSentence =
      /(investigational (product|drug|agent|medicinal)|study (drug|treatment|medication)|experimental (medicine|drug)|we are studying|imp\b|code\(s\)|product code|(or|versus|vs\.?|and) (matching )?placebo|placebo (or|and))/i;
    for (const m of text.matchAll(INN)) {
      const name = m[1]!.toLowerCase();
      if (NOT_DRUGS.has(name) || name.length < 6) continue;
      const s = stats.get(name) ?? { display: m[1]!, count: 0, strong: 0, rule: "INN stem" };
      s.count++;
      if (strongPlace) s.strong++;
      if (roleSentence.test(sentenceAround(text, m.index, m.index + m[0].length))) s.strong += 3;
      stats.set(name, s);
    }
    // "The investigational product is KX-2231", "Study drug: velmeterol", "The study vaccine RSVpreF3-A".
    for (const m of text.matchAll(
      /\b(?:investigational (?:medicinal )?products?|[Ss]tudy (?:drug|vaccine|medication|[Pp]roduct|intervention)|the vaccine)\s*(?:is|are|will be|:)?\s*(?:the\s+)?([A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[A-Z]{2,}[A-Za-z0-9]*|[a-z]{6,}(?=[\s,.(]))(?:\s+(?:versus|vs\.?)\s+([a-z]{6,})\b)?/g,
    )) {
      const name = m[1]!;
      // A lower-case word is a name only if it looks like one (an INN stem): "study treatment because …" is not.
      if (/^[a-z]/.test(name) && !new RegExp(`^${INN.source}$`, "i").test(name)) continue;
      if (
        NOT_DRUGS.has(name.toLowerCase()) ||
        /^(will|shall|should|must|being|given|which|before|after|during)$/i.test(name)
      )
        continue;
      // "Study Product: sevoflurane versus propofol": both sides are study treatment.
      for (const n of [name, m[2]].filter((x): x is string => x !== undefined)) {
        const key = n.toLowerCase().replace("-", "");
        const s = stats.get(key) ?? { display: n, count: 0, strong: 0, rule: "named as the study product" };
        s.count++;
        s.strong += 5;
        s.named = true;
        stats.set(key, s);
      }
    }
    for (const m of text.matchAll(CODE)) {
      const code = m[1]!;
      const before = text.slice(Math.max(0, m.index - 25), m.index);
      if (
        /(protocol|study|nct|eudract|ind|ide|version|amendment|irb|upcc|no\.|number|iso|iec|covid|sars|ich|cfr|grade)[\s#:.-]*$/i.test(
          before,
        )
      )
        continue;
      if (/^(COVID|SARS|CTCAE|NCT|ISO|ICH|GCP|CFR|ECOG|WHO|MRC|EQ|HIV)/.test(code)) continue;
      const key = code.toLowerCase().replace("-", "");
      const s = stats.get(key) ?? { display: code, count: 0, strong: 0, rule: "sponsor code" };
      s.count++;
      if (strongPlace) s.strong++;
      if (roleSentence.test(sentenceAround(text, m.index, m.index + m[0].length))) s.strong += 3;
      stats.set(key, s);
    }
  }
  const all = doc.blocks.map((b) => b.text).join("\n");
  return [...stats.entries()]
    .filter(([, s]) => (s.count >= 3 && s.strong >= 3) || s.named)
    .sort((a, b) => b[1].strong - a[1].strong || b[1].count - a[1].count)
    .slice(0, 6)
    .map(([key, s]) => {
      // Abbreviations the protocol defines: "tocilizumab (TCZ)", "aviptadil (also called VIP)".
      const aliases = new Set<string>();
      const def = new RegExp(`\\b${escape(s.display)}\\s*\\((?:also called\\s+)?([A-Z][A-Za-z0-9-]{1,9})\\)`, "gi");
      for (const a of all.matchAll(def)) if (a[1]!.toLowerCase().replace("-", "") !== key) aliases.add(a[1]!);
      const pattern = new RegExp(`\\b(?:${[s.display, ...aliases].map(escape).join("|")})\\b`, "i");
      return { value: s.display.toLowerCase(), display: s.display, pattern, rule: s.rule, count: s.count };
    });
}
