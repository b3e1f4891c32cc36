/**
 * Facts of the population: condition, age, special populations, caregivers.
 */
import { has, sentenceAround, type BlockContext } from "./context";

/** Condition: "patients with X", "Population Diagnosis or Condition X", a disease noun phrase. */
export function conditionFacts(c: BlockContext): void {
  const { ix, b, w, text, heading, inTitle, add } = c;
  if (inTitle || has(ix, b, "population", "design")) {
    for (const m of text.matchAll(
      /\b(?:(?:patients|participants|subjects|adults|people|individuals|children|volunteers|outpatients|inpatients|men|women)\s+(?:\(≥\s?\d+ years old\)\s+)?(?:aged [^,]{3,20} )?with|diagnosis or condition\s*:?|condition\/disease\s*:?)\s+((?:[A-Za-z0-9][\w'/-]*[ ,]?){1,10})/gi,
    )) {
      const phrase = cleanCondition(m[1]!);
      if (!phrase) continue;
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      if (/(not included|are excluded|excluded|exclusion|not eligible)/.test(sentence)) continue;
      const score = w + (inTitle ? 2 : 0) + (/diagnosis or condition/i.test(m[0]) ? 4 : 0);
      add("condition", phrase, "population phrase", b, m.index, m.index + m[0].length, score);
      for (const part of phrase.split(/ and | associated with | with /)) {
        if (part !== phrase && part.length > 3)
          add("condition", part.trim(), "population phrase (part)", b, m.index, m.index + m[0].length, score - 1);
      }
    }
  }

  if ((inTitle || has(ix, b, "population", "design", "inclusion")) && !heading) {
    for (const m of text.matchAll(
      /\bhealthy (?:adult |male |female |elderly |older )*(?:volunteers|subjects|participants)\b/gi,
    )) {
      add("condition", "healthy volunteers", "healthy volunteers", b, m.index, m.index + m[0].length, w + 1);
    }
    // "… in Early Alzheimer's Disease", "… with persistent asthma": a noun phrase ending in a disease word.
    for (const m of text.matchAll(CONDITION_HEAD)) {
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      if (/(not included|are excluded|excluded|exclusion|not eligible|history of)/.test(sentence)) continue;
      const raw = m[1]!.replace(/\s+/g, " ").trim();
      const phrase = raw.replace(/\s*\([^)]*\)/g, "").toLowerCase();
      add("condition", phrase, "condition phrase", b, m.index, m.index + m[0].length, w + (inTitle ? 2 : 0) - 1);
      for (const a of raw.matchAll(/\(([A-Z][A-Za-z0-9-]{1,10})\)/g)) {
        add("condition", a[1]!.toLowerCase(), "condition acronym", b, m.index, m.index + m[0].length, w - 2);
      }
    }
  }
}

/** Age: inside inclusion criteria or the design/synopsis, never from background. */
export function ageFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (has(ix, b, "inclusion", "synopsis", "population", "design") && !background && !has(ix, b, "exclusion")) {
    for (const m of text.matchAll(
      /(?:\b(?:aged?|age)\s*(?:of\s*)?(?:≥|>=|≧)\s*(\d{1,2})\s*(?:years?|yrs)|(?:≥|>=)\s*(\d{1,2})\s*years(?: of age| old)?|\bat least\s*(\d{1,2})\s*years(?: of age| old)?|\b(\d{1,2})\s*years (?:of age )?(?:and|or) (?:older|over|above)|\bage minimum\s*:?\s*(\d{1,2})\s*years?|\b(?:aged?|between)\s*(\d{1,2})\s*(?:to|and|-|–)\s*(\d{1,2})\s*years|\b(\d{1,2})\s*(?:to|-|–)\s*(\d{1,2})\s*years (?:of age|old)|\bage[sd]?\s*(\d{1,2})\s*(?:to|-|–)\s*(\d{1,2})\b|\b(?:aged?|age)\s*(?:of\s*)?>\s*(\d{1,2})\s*(?:years?|yrs))/gi,
    )) {
      const min = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[8] ?? m[10];
      const max = m[7] ?? m[9] ?? m[11];
      const above = m[12];
      if (!min && !above) continue;
      const before = lower.slice(Math.max(0, m.index - 50), m.index);
      if (
        /(body weight|weight|duration|history|for|since|within|past|last|diagnosed)\s*[a-z ]{0,12}$/.test(before) &&
        !/\bage\b/.test(before)
      )
        continue;
      // "Age > 65 years" is strictly greater: said as written.
      const value = above ? `>${above} years` : max ? `${min}-${max} years` : `≥${min} years`;
      add("age", value, "age limits", b, m.index, m.index + m[0].length, w + (has(ix, b, "inclusion") ? 3 : 0));
    }
  }
}

/** Special populations: representatives' consent, pregnancy, the elderly, children. */
export function specialPopulationFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (!background && !has(ix, b, "references", "exclusion")) {
    for (const m of text.matchAll(
      /\b(legally[- ]authori[sz]ed representatives?|legal(?:ly)?\/authori[sz]ed representatives?|legal representatives?|LAR|incapacitated|not capable of giving consent|unable to (?:provide|give) (?:informed )?consent|impaired decision[- ]making capacity|pregnant or breastfeeding|pregnant women|pregnant|elderly|older adults|senior adults?|geriatric (?:patients|population|oncology)|no upper age limit|paediatric|pediatric|children|adolescents|neonates|infants)\b/gi,
    )) {
      const raw = m[1]!.toLowerCase();
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      if (
        /(are not|will not be|not be|excluded|exclusion|not eligible|must not|cannot|are excluded|negative pregnancy|pregnancy test|contracept)/.test(
          sentence,
        ) &&
        !/(can still|still join|may be|will include|allowed)/.test(sentence)
      )
        continue;
      if (/(grading|table for|severity of adult and pediatric)/.test(sentence)) continue;
      let value: string;
      if (/(represent|lar|incapacitated|capable|unable|impaired)/.test(raw)) {
        // "the patient/patient's legal representative understands …" is consent boilerplate (error class 5): a
        // population unable to consent is one the eligibility criteria or the consent process plan for.
        if (
          !has(ix, b, "inclusion") &&
          !/(not capable|unable to|incapacit|lacks? (the )?capacity|cannot (give|provide) consent|impaired decision)/.test(
            sentence,
          )
        )
          continue;
        value = "adults unable to consent (lar)";
      }
      // Pregnancy words sit in exclusion, contraception and reporting text (error class 5): a population only where
      // the protocol says pregnant women may take part ("you can still join the remdesivir part if you are pregnant").
      else if (/pregnan/.test(raw)) {
        if (
          !/(can still|still join|may (?:be enrolled|join|participate|take part)|will include|are eligible|allowed to (?:join|participate|enrol))/.test(
            sentence,
          )
        )
          continue;
        value = "pregnant women";
      } else if (/(elderly|older adults|senior adult|geriatric|no upper age)/.test(raw)) {
        if (!has(ix, b, "inclusion", "population", "synopsis", "title") || /\bet al\b/.test(sentence)) continue;
        value = "elderly";
      } else value = "children";
      if (value === "children" && !has(ix, b, "inclusion", "population", "synopsis")) continue;
      add(
        "specialPopulation",
        value,
        "special population",
        b,
        m.index,
        m.index + m[0].length,
        w + (has(ix, b, "consent", "inclusion", "population") ? 1 : 0),
      );
    }
  }
}

/**
 * Who the inclusion criteria admit, read from the criteria themselves: one sex only ("Female patients", "Patients
 * must be female"; not "Male or female") and a minimum body-mass index (an overweight population). A usual BMI range
 * and healthy participants are not a special population.
 */
export function inclusionPopulationFacts(c: BlockContext): void {
  const { ix, b, w, text, add } = c;
  if (!has(ix, b, "inclusion") || has(ix, b, "exclusion")) return;
  const sex =
    /^\W*(?:o\s+)?(?:patients must be |participants must be |subjects must be )?(female|male)(?: (?:patients|participants|subjects))?\b(?! or)/i.exec(
      text,
    );
  if (sex && !/\b(?:male|female) (?:or|and) (?:male|female)\b/i.test(text)) {
    const end = sex.index + sex[0].length;
    add("specialPopulation", sex[1]!.toLowerCase(), "inclusion criterion", b, sex.index, end, w + 2);
  }
  const min = /\b(?:body mass index|BMI)\b[^.;]{0,30}?(?:≥|>=|at least)\s*(\d{2}(?:\.\d)?)\s*kg\/m/i.exec(text);
  if (min)
    add("specialPopulation", `bmi ≥${min[1]}`, "inclusion criterion", b, min.index, min.index + min[0].length, w);
}

/** Caregivers and study partners required by the protocol. */
export function caregiverFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (has(ix, b, "inclusion", "assessments", "population") && !background) {
    for (const m of text.matchAll(/\b(caregivers?|care partners?|study partners?|informants?)\b/gi)) {
      const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
      // "the investigator / caregiver" chooses a treatment; a caregiver requirement says who must be there or report.
      if (/investigator\s*\/\s*caregiver/.test(sentence)) continue;
      if (
        !/\b(must|will|required|requires|accompan|attend|present|available|complete|report|consent|has|have|identified|reliable)\b/.test(
          sentence,
        )
      )
        continue;
      const before = lower.slice(Math.max(0, m.index - 20), m.index);
      if (/health\s*(care)?\s*$/.test(before)) continue;
      add("caregiver", "caregiver", "caregiver involvement", b, m.index, m.index + m[0].length, w + 2);
    }
  }
}

/** A noun phrase (up to six words, maybe with an acronym in parentheses) that ends in a word naming a disease. */
const CONDITION_HEAD =
  /\b(?:in|with|for|of)\s+((?:(?!(?:patients|participants|subjects|adults|children|people|the|a|an|and|or|who|with|in|of)\b)[A-Za-z0-9'-]+(?:\s+\([A-Z][A-Za-z0-9-]{1,10}\))?\s+){0,6}(?:disease|cancer|carcinoma|adenocarcinoma|syndrome|disorder|asthma|diabetes(?: mellitus)?|failure|infection|pneumonia|arthritis|psoriasis|dermatitis|hypertension|sclerosis|fibrosis|leukaemia|leukemia|lymphoma|myeloma|melanoma|tumou?rs|covid-19|hepatitis [a-e]|obesity|depression|schizophrenia|migraine|epilepsy|stroke|colitis|atherosclerosis|dementia|neuropathy|pain|anaemia|anemia|copd))\b/gi;

function cleanCondition(raw: string): string | null {
  let p = raw
    .replace(/\s+/g, " ")
    .split(
      /\b(?:who|whose|that|which|in whom|receiving|treated|requiring|and (?:who|whose)|at|for|on|to|after|despite|from|undergoing|were|are|will|has|have|is)\b|[,;:(]/i,
    )[0]!
    .trim();
  p = p
    .replace(
      /^(a |an |the |confirmed |documented |known |previously treated |previously untreated |treatment-naive )+/i,
      "",
    )
    .replace(/[.\s]+$/, "");
  if (p.length < 4 || p.split(" ").length > 9) return null;
  if (/^(the|a|an|this|their|these|no|any|other|at least|history|signs|symptoms|respect|regard)\b/i.test(p))
    return null;
  return p.toLowerCase();
}
