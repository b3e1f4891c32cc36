/**
 * Durations and the care setting (inpatient or outpatient).
 */
import { has, sentenceAround, WORD_NUMBERS, type BlockContext } from "./context";

/** Durations of treatment, follow-up and participation. */
export function durationFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (!background && !has(ix, b, "exclusion", "inclusion", "aeDefinitions")) {
    for (const m of text.matchAll(
      /\b(?:treated for|treatment (?:period|duration) of|for a (?:total )?(?:treatment )?(?:period|duration) of|followed(?: up)? (?:for|through|until)(?: a total of)?|follow-up (?:period )?of|study duration:?|duration of (?:the )?(?:study|treatment|participation)(?: is| will be)?(?: approximately)?|over a period of)\s+(?:approximately\s+|up to\s+)?(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(\d+(?:\.\d+)?)[- ](day|week|month|year)s? (?:treatment|double-blind|follow-up|study) (?:period|phase|duration)|\b(?:period|participation|treatment|follow-up|study)\b[^.]{0,50}?\b(?:lasts?|will last|is|of)\s+(?:approximately\s+|about\s+|up to\s+)(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(?:lasts?|will last)\s+(?:approximately\s+|about\s+|up to\s+)?(\d+(?:\.\d+)?)\s*(days?|weeks?|months?|years?)|\b(?:followed|follow-up|study ends|duration)\b[^.]{0,120}?\b(?:about|approximately|up to|at most|maximum of)\s+(\d+(?:\.\d+)?)\s*(weeks|months|years)/gi,
    )) {
      const n = m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9];
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      // Record keeping, recruitment and the parent trial's treatment are not how long a participant takes part.
      if (
        /(study files|retain|retention|records|archiv|marketing application|recruitment period|accrual|parent trial)/.test(
          sentence,
        )
      )
        continue;
      // The calendar length of the whole study says little of a participant's stay: kept, ranked below.
      const calendar = /(conduct|run)\b[^.]{0,60}\bover a period of|study duration/.test(sentence) ? -3 : 0;
      let unit = (m[2] ?? m[4] ?? m[6] ?? m[8] ?? m[10])!.toLowerCase();
      if (!unit.endsWith("s")) unit += "s";
      if (Number(n) === 1) unit = unit.replace(/s$/, "");
      add(
        "duration",
        `${n} ${unit}`,
        "duration",
        b,
        m.index,
        m.index + m[0].length,
        w + (has(ix, b, "design", "synopsis") ? 1 : 0) + calendar,
      );
    }
  }

  if (!background && !has(ix, b, "exclusion", "aeDefinitions", "references")) {
    // "treatment should continue for four cycles", "4 cycles of standard TC".
    for (const m of text.matchAll(
      /\b(?:for|of|receive|complete|up to|continue for)\s+(\d{1,2}|two|three|four|five|six|eight|twelve)\s+(?:\(\d+\)\s+)?cycles\b/gi,
    )) {
      const n = WORD_NUMBERS[m[1]!.toLowerCase()] ?? m[1]!;
      add(
        "duration",
        `${n} cycles`,
        "number of cycles",
        b,
        m.index,
        m.index + m[0].length,
        w + (has(ix, b, "treatment") ? 2 : 0),
      );
    }
    // "Treatment duration for each patient will be variable"; "Administration will be limited to the length of the
    // surgical procedure".
    for (const m of text.matchAll(/\bwashout (?:period )?of (\d{1,2}) days\b|\b(\d{1,2})-day washout\b/gi))
      add("duration", `${m[1] ?? m[2]}-day washout`, "washout", b, m.index, m.index + m[0].length, w);
    const variable = /\b(?:treatment|participation) duration\b[^.;]{0,40}?\bwill be variable\b/i.exec(text);
    if (variable)
      add("duration", "variable", "variable duration", b, variable.index, variable.index + variable[0].length, w + 2);
    const surgery =
      /\b(?:limited to|for|during) the (?:length|duration) of (?:the )?(surgical procedure|surgery|an(?:a)?esthesia)\b/i.exec(
        text,
      );
    if (surgery && has(ix, b, "synopsis", "treatment", "design", "title"))
      add(
        "duration",
        `length of the ${surgery[1]!.toLowerCase()}`,
        "length of a procedure",
        b,
        surgery.index,
        surgery.index + surgery[0].length,
        w + 2,
      );
  }
  if (has(ix, b, "design", "synopsis") && !background) {
    const u = /\buntil (?:disease )?progression\b/i.exec(text);
    if (u)
      add("duration", "until progression", "treatment until progression", b, u.index, u.index + u[0].length, w - 1);
  }
}

/** Care setting: inpatient or outpatient. */
export function inpatientFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (!background && !has(ix, b, "aeDefinitions", "safety", "exclusion", "consent")) {
    for (const m of text.matchAll(
      /\b(outpatients?|ambulatory|inpatients?|hospitali[sz]ed|hospital stay|overnight stay|confinement|domiciled|admitted to (?:the )?(?:hospital|clinical research unit|unit)|administered in the clinic|before (?:hospital )?discharge)\b/gi,
    )) {
      const raw = m[1]!.toLowerCase();
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (/(requires?|prolongation of|resulting in|require|no|not|without)\s*[a-z]*\s*$/.test(before)) continue;
      if (/(study|trial)\b/.test(after) && /\b(a|another|parallel)\s+[a-z ]*$/.test(before)) continue;
      if (/\(a parallel study/.test(lower.slice(Math.max(0, m.index - 80), m.index))) continue;
      // The definition of a serious adverse event ("treatment on an emergency, outpatient basis for an event not
      // fulfilling any of the definitions of serious") is not the study's care setting (error class 5).
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      if (/\b(?:serious|emergency|hospital admission)\b/.test(sentence)) continue;
      // A performance-status grade ("ambulatory and able to carry out work of a light nature") is a scale, not a
      // setting (error class 8).
      if (
        /\b(?:ambulatory and|able to carry out|capable of (?:all )?self-?care|performance status|ecog|karnofsky)\b/.test(
          sentence,
        )
      )
        continue;
      const value = /^(outpatients?|ambulatory|administered in the clinic)$/.test(raw) ? "outpatient" : "inpatient";
      const inclusion = has(ix, b, "inclusion") ? 4 : 0;
      const unit =
        /^(confinement|domiciled|admitted to (the )?(clinical research unit|unit))$/.test(raw) ||
        /\b(cru|clinical research unit|phase 1 unit)\b/.test(lower);
      add(
        "inpatient",
        value,
        value === "inpatient" && unit ? "research unit stay" : "care setting",
        b,
        m.index,
        m.index + m[0].length,
        w + inclusion,
      );
    }
  }
}
