/**
 * The planned enrolment.
 */
import { has, type BlockContext } from "./context";

/** Planned enrolment: randomised, enrolled or treated, never screened. */
export function enrolmentFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (!background && !has(ix, b, "interim")) {
    for (const m of text.matchAll(
      /\b(?:(?:randomi[sz]e|enrol{1,2}|include|recruit|treat)(?:d|ed)?\s+(?:a total of\s+|up to\s+|approximately\s+|about\s+|~\s*)*(\d{1,3}(?:,\d{3})*|\d+)\s+(?:evaluable\s+|eligible\s+|healthy\s+)?(?:patients|participants|subjects|people|volunteers|individuals|children|adults|infants|adolescents)|(?:a total of|target of|approximately|about|up to)\s+(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)\s+(?:evaluable\s+|eligible\s+|healthy\s+)?(?:patients|participants|subjects|people|volunteers|children|adults|infants|adolescents|women|men)\b(?![^.]{0,40}\bscreened\b)[^.]{0,60}?\b(?:randomi[sz]ed|enrol{1,2}ed|enrol{1,2}|included|treated|participate)|(?:planned )?sample size (?:is|of|will be)\s+(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)|number of (?:subjects|participants|patients)\s*(?:\(planned\))?\s*:?\s*(?:approximately\s+)?(\d{1,3}(?:,\d{3})*|\d+)|(?:enrol{1,2}|expect to enrol{1,2})\s+(?:about|approximately|up to)\s+(\d{1,3}(?:,\d{3})*|\d+))/gi,
    )) {
      const raw = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5])!;
      const n = Number(raw.replace(/,/g, ""));
      if (!n || n < 6 || n > 100000) continue;
      const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (/^\s*(will be )?screened/.test(after)) continue;
      const ctx = lower.slice(Math.max(0, m.index - 60), m.index + m[0].length);
      if (/screen/.test(ctx) && !/randomi|enrol/.test(ctx)) continue;
      if (
        /(first|initial|after|assumes|effective|power|interim)\s+[a-z ]{0,20}$/.test(
          lower.slice(Math.max(0, m.index - 40), m.index),
        )
      )
        continue;
      // A synopsis field for one group ("No. of patients, each treatment: approximately 600") is not the total.
      const perGroup =
        /\b(?:each treatment|per (?:group|arm|treatment|cohort)|each (?:group|arm|cohort))\s*:?\s*[a-z ]{0,20}$/.test(
          lower.slice(Math.max(0, m.index - 40), m.index),
        )
          ? -3
          : 0;
      const bonus = (has(ix, b, "sampleSize", "population") ? 2 : 0) + perGroup;
      add(
        "enrolment",
        String(n),
        "planned enrolment",
        b,
        m.index,
        m.index + m[0].length,
        w + bonus + (/randomi/.test(ctx) ? 1 : 0),
      );
    }
    // A synopsis field for the total: "No. of patients, total entered: Approximately 750 patients".
    for (const m of text.matchAll(
      /\btotal (?:entered|enrolled|randomi[sz]ed|planned)\s*:\s*(?:approximately\s+|about\s+)?(\d{2,5})\b/gi,
    )) {
      add("enrolment", m[1]!, "planned enrolment", b, m.index, m.index + m[0].length, w + 3);
    }
  }
}
