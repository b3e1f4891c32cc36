/**
 * Facts of the study's design: phase, blinding, design, arms and control.
 */
import { has, WORD_NUMBERS, ROMAN, type BlockContext } from "./context";

/** Phase: "Phase IIa", "phase 1b/2", "Trial Phase: Phase III", "Clinical trial phase: IIa". */
export function phaseFacts(c: BlockContext): void {
  const { b, w, text, lower, background, inTitle, add } = c;
  for (const m of text.matchAll(
    /\b(?:phase|trial phase|clinical (?:trial )?phase)\s*:?\s*(0|I{1,3}V?|IV|[1-4])\s*([ab])?(?:\s*(?:\/|–|-|and|to)\s*(I{1,3}|IV|[1-4])\s*([ab])?)?(?![a-z])/gi,
  )) {
    const before = lower.slice(Math.max(0, m.index - 60), m.index);
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (/^\s*(studies|trials|clinical studies|clinical trials|program|data|results|experience)\b/.test(after)) continue;
    if (
      /\b(in|from|of) (a|an|the|two|several|previous|earlier|prior|completed|ongoing)( [a-z-]+){0,3}\s*$/.test(
        before,
      ) &&
      !/this (study|trial)/.test(before)
    )
      continue;
    if (/(et al|previous|prior|earlier|completed|reported|sister|other|another)\b/.test(before)) continue;
    if (/^\s*(portion|part|period)\b/.test(after) && !inTitle) continue;
    const n1 = ROMAN[m[1]!.toLowerCase()];
    if (n1 === undefined) continue;
    let value = `phase ${n1}${(m[2] ?? "").toLowerCase()}`;
    if (m[3]) value += `/${ROMAN[m[3].toLowerCase()]}${(m[4] ?? "").toLowerCase()}`;
    const thisStudy = /this (is a|study|trial|protocol)|the protocol is for/.test(before + lower.slice(0, 0)) ? 3 : 0;
    add("phase", value, "phase keyword", b, m.index, m.index + m[0].length, w + thisStudy - (background ? 3 : 0));
  }
}

/** Blinding: the masking words, and M11's Trial Blind Schema. */
export function blindingFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, inTitle, add } = c;
  for (const m of text.matchAll(
    /\b(open[- ]label|double[- ]blind(?:ed)?|single[- ]blind(?:ed)?|triple[- ]blind(?:ed)?|quadruple[- ]blind(?:ed)?|observer[- ]blind(?:ed)?|assessor[- ]blind(?:ed)?|double[- ]dummy|blinded|masked|unblinded)\b/gi,
  )) {
    const word = m[1]!
      .toLowerCase()
      .replace(" ", "-")
      .replace(/-blinded$/, "-blind");
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const before = lower.slice(Math.max(0, m.index - 80), m.index);
    if (/^\s*(extension|run-in|placebo run|period|phase)/.test(after) && !inTitle) continue;
    if (/^\s*(placebo|run)/.test(after) && word === "single-blind") continue;
    if (/(interim|if the|will receive|receive open|emergency|unblind)/.test(before) && word === "open-label") continue;
    if (
      word === "blinded" &&
      /(will not be|not be made|remain|be)\s*$/.test(before) === false &&
      !inTitle &&
      !has(ix, b, "design", "blinding")
    )
      continue;
    if (word === "unblinded" && !/\b(study|trial) is\b/.test(before)) continue;
    const value = word === "double-dummy" ? "double-blind" : word === "masked" ? "blinded" : word;
    const sectionBonus = has(ix, b, "design", "blinding") ? 2 : 0;
    const strength = value === "blinded" ? -1 : 0;
    add(
      "blinding",
      value,
      "blinding keyword",
      b,
      m.index,
      m.index + m[0].length,
      w + sectionBonus + strength - (background ? 4 : 0),
    );
  }
  for (const m of text.matchAll(
    /blind schema\s*:?\s*(open[- ]label|double[- ]blind|single[- ]blind|triple[- ]blind)/gi,
  )) {
    add(
      "blinding",
      m[1]!.toLowerCase().replace(" ", "-"),
      "M11 Trial Blind Schema",
      b,
      m.index,
      m.index + m[0].length,
      14,
    );
  }
}

/** Design: parallel, crossover, single-group, factorial, platform, dose-finding, randomised. */
export function designFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, inTitle, add } = c;
  if (!background) {
    for (const m of text.matchAll(
      /\b(parallel[- ]group|parallel[- ]arm|parallel|cross[- ]?over|single[- ](?:arm|group)|factorial|platform|master protocol|dose[- ]escalation|dose[- ]finding|(?:two|three|four|five|2|3|4|5)[- ]arm(?:ed)?|non-?randomi[sz]ed|randomi[sz]ed|open[- ]label extension|extension (?:trial|study))\b/gi,
    )) {
      const word = m[1]!.toLowerCase();
      const before = lower.slice(Math.max(0, m.index - 60), m.index);
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
      if (
        /^\s*(study|trial) (assessing|of|in) /.test(after) &&
        /\b(a|another)\s*$/.test(before) &&
        !/\bthis (is|was|will be) an?\s*$/.test(before) &&
        !inTitle
      )
        continue;
      if (/\b(previous|prior|other|another|et al)\b/.test(before)) continue;
      // "a web-based allocation platform", "the dose escalation regimen" (one participant's titration): not designs.
      if (/^platform$/.test(word) && !/^\s*(trial|protocol|study|design)/.test(after)) continue;
      if (
        /^dose[- ]escalation$/.test(word) &&
        !/^\s*(study|trial|design|cohorts?|phase|part|portion|scheme|stage)/.test(after)
      )
        continue;
      if (/^randomi[sz]ed$/.test(word) && /\bnon-?\s*$/.test(before)) continue;
      let value = word
        .replace(/cross[- ]?over/, "crossover")
        .replace(/parallel[- ](group|arm)/, "parallel")
        .replace(/single[- ](arm|group)/, "single-group")
        .replace(/master protocol/, "platform")
        .replace(/dose[- ]/, "dose-")
        .replace(/^non-?randomi[sz]ed$/, "non-randomized")
        .replace(/^randomi[sz]ed$/, "randomized")
        .replace(/^(open[- ]label extension|extension (trial|study))$/, "extension");
      const arms = /^(two|three|four|five|2|3|4|5)[- ]arm/.exec(value);
      if (arms) value = `${WORD_NUMBERS[arms[1]!] ?? arms[1]}-arm`;
      if (value === "parallel" && /^\s*(study|trial|studies)\b/.test(after) && !inTitle && !has(ix, b, "design"))
        continue;
      const m11 = /interventional model\s*:?\s*$/.test(before) ? 6 : 0;
      const designBonus = has(ix, b, "design") ? 2 : 0;
      add(
        "design",
        value,
        "design keyword",
        b,
        m.index,
        m.index + m[0].length,
        w + m11 + designBonus - (value === "randomized" ? 2 : 0),
      );
    }
  }
}

/** Arms: a stated count, a randomisation ratio, Arm A/B labels. */
export function armsFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  for (const m of text.matchAll(
    /\b(?:number of arms\s*:?\s*(\d{1,2})|(\d{1,2}|two|three|four|five|six|seven|eight)\s+(?:treatment |study |parallel )?(?:arms|groups|cohorts)\b|(two|three|four|five|2|3|4|5)[- ]arm(?:ed)?\b|one of the following\s+(\d{1,2}|two|three|four|five|six)\s+(?:treatment\s+)?(?:arms|groups))/gi,
  )) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? m[4])!.toLowerCase();
    const n = /^\d+$/.test(raw) ? Number(raw) : WORD_NUMBERS[raw];
    if (!n || n < 1 || n > 12) continue;
    const before = lower.slice(Math.max(0, m.index - 60), m.index);
    if (/\b(both|each of the|all|across|per|the)\s*$/.test(before) && !m[1] && !m[4]) continue;
    if (background || has(ix, b, "statistics")) continue;
    const strong = m[1] || m[4] ? 6 : 0;
    add("arms", String(n), "arms count", b, m.index, m.index + m[0].length, w + strong);
  }
  const ratio =
    /\b(?:randomi[sz]ed|randomi[sz]ation|allocated|assigned)\b[^.]{0,40}?\b(\d(?::\d){1,5})\b(?! ?(?:am|pm|h))/i.exec(
      text,
    );
  if (ratio && !background && !has(ix, b, "statistics")) {
    const n = ratio[1]!.split(":").length;
    add("arms", String(n), "randomisation ratio", b, ratio.index, ratio.index + ratio[0].length, w - 2);
  }
  const armLetters = new Set([...text.matchAll(/\bArm ([A-F])\b/g)].map((m) => m[1]));
  if (armLetters.size >= 2 && !background) {
    const first = /\bArm [A-F]\b/.exec(text)!;
    add("arms", String(armLetters.size), "Arm A/B labels", b, first.index, first.index + 5, w - 1);
  }
  // A crossover's sequences are its arms: "2-period, 2-sequence crossover".
  if (!c.background) {
    for (const m of c.text.matchAll(/\b(\d|two|three|four)[- ]sequences?\b/gi)) {
      const n = WORD_NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1]);
      c.add("arms", String(n), "crossover sequences", c.b, m.index, m.index + m[0].length, c.w + 1);
    }
  }
}

/** Control: placebo, an active comparator, or no concurrent control. */
export function controlFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (!background && !has(ix, b, "concomitant")) {
    for (const m of text.matchAll(
      /\b(placebo[- ]controlled|matching placebo|matched placebo|placebo (?:group|arm)|(?:versus|vs\.?|compared (?:with|to)) placebo|control type\s*:?\s*[^.]{0,20}placebo|placebo will consist)\b/gi,
    )) {
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      if (/\b(not|no|without)\s*(a\s*)?$/.test(before)) continue;
      add(
        "control",
        "placebo",
        "placebo control",
        b,
        m.index,
        m.index + m[0].length,
        w + (/control type/i.test(m[0]) ? 6 : 0),
      );
    }
    for (const m of text.matchAll(
      /\bactive (?:comparator|control)(?: (?:arm|group|drug))?,?\s*(?:is\s+|of\s+|\()?([A-Za-z][a-z]{4,}(?:[a-z]+))?/gi,
    )) {
      const drug = m[1]?.toLowerCase();
      const value =
        drug &&
        /(mab|nib|flozin|glutide|gliptin|sartan|pril|statin|vir|mide|zole|cillin|mycin|olol|parin|formin|ide|ine|one|ate|il)$/.test(
          drug,
        )
          ? drug
          : "active comparator";
      add("control", value, "active comparator", b, m.index, m.index + m[0].length, w + 4);
    }
    // "There is no active comparator or placebo", "Comparator products: Not applicable".
    for (const m of text.matchAll(
      /\b(?:there (?:is|are|will be) no|without (?:an? )?)\s*(?:active comparator|comparator|placebo|control (?:group|arm))\b|\bcomparator (?:products?|drugs?)\s*:\s*(?:not applicable|none)\b/gi,
    )) {
      add("control", "none", "no control", b, m.index, m.index + m[0].length, w + 4);
    }
    // "each participant serves as his/her own control"
    for (const m of text.matchAll(/\b(?:serves?|acts?) as (?:his\/her|their|his or her|its) own control\b/gi))
      add("control", "own control", "own control", b, m.index, m.index + m[0].length, w + 4);
    // "Active-controlled"; a comparator named in a treatment table ("Comparator Dulaglutide 0.75 mg QW").
    for (const m of text.matchAll(/\bactive[- ]controlled\b/gi))
      add("control", "active comparator", "active comparator", b, m.index, m.index + m[0].length, w + 2);
    for (const m of text.matchAll(/\bComparator(?: (?:drug|product))?:?\s+([A-Z][a-z]{5,}|[a-z]{6,})\b/g)) {
      const drug = m[1]!.toLowerCase();
      if (!/(mab|nib|flozin|glutide|gliptin|sartan|pril|statin|vir|formin|parin|ofol|flurane|platin|taxel)$/.test(drug))
        continue;
      add("control", drug, "named comparator", b, m.index, m.index + m[0].length, w + 3);
    }
    // "the control group (i.e. receiving intravenous anesthesia with propofol)", "“Group Propofol” (control)".
    for (const m of text.matchAll(
      /\bcontrol group \((?:i\.e\.|e\.g\.)?,?\s*(?:receiving|treated with|given)\s+[^)]{0,60}?\bwith ([a-z]{5,})\)|["“]?(?:Group|Arm) ([A-Z][a-z]{4,})["”]?\s*\((?:active )?control\)/g,
    )) {
      add("control", (m[1] ?? m[2])!.toLowerCase(), "named control group", b, m.index, m.index + m[0].length, w + 3);
    }
    for (const m of text.matchAll(
      /\b(historical (?:control|data|rate|benchmark)|one[- ]sample test|single[- ]arm|non-comparative)\b/gi,
    )) {
      add("control", "historical control", "no concurrent control", b, m.index, m.index + m[0].length, w - 3);
    }
  }
}
