/**
 * A protocol's distinctive risks (issue 23, "Coverage"): what a reviewer expects a row for and a keyword list of the
 * usual kinds misses. Each is a statement about this study, affirmed (kinds/assertion.ts), in the sections that
 * describe the study's conduct:
 * - enrolmentWindow: a narrow window after an index event ("within 12 hours of symptom onset");
 * - supplyModel: the product shipped to participants' homes (direct-to-patient);
 * - specialProcedure: a controlled procedure the results depend on (a standardised high-fat meal, PK-guided dose
 *   adjustment, complete collection of intake and output, an induced condition such as a hypoglycaemic clamp);
 * - labInterference: the product interferes with a laboratory test;
 * - centralReading: central reading, review or adjudication of endpoints or events;
 * - safetySignal: a risk of the product with a monitoring rule ("investigators must pay close attention for any
 *   signs of ketoacidosis");
 * - vendor: a CRO or vendor the study relies on, as the protocol names it (Organizational Experience).
 */
import { has, sentenceAround, type BlockContext } from "./context";

export function enrolmentWindowFacts(c: BlockContext): void {
  const { ix, b, w, text, inTitle, add } = c;
  if (!inTitle && !has(ix, b, "inclusion", "design", "population", "randomization")) return;
  for (const m of text.matchAll(
    /\b(?:within|no (?:more|later) than|less than|<|≤)\s*(\d{1,3})\s*(hours?|hrs?|h|days?)\s+(?:of|after|from|since)\s+(?:the\s+)?(?:(?:first\s+)?symptom onset|onset of (?:symptoms|[a-z ]{3,30})|(?:hospital\s+)?admission|hospitali[sz]ation|diagnosis|stroke|injury|surgery|the index event|birth|delivery)\b/gi,
  )) {
    const n = Number(m[1]);
    const unit = /^h/i.test(m[2]!) ? "hours" : "days";
    if ((unit === "days" && n > 7) || n === 0) continue;
    add("enrolmentWindow", `${n} ${unit}`, "enrolment window", b, m.index, m.index + m[0].length, w + 2);
  }
}

export function supplyModelFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (background || has(ix, b, "references", "abbreviations")) return;
  for (const m of text.matchAll(
    /\b(direct[- ]to[- ](?:patient|participant)|(?:shipped|delivered|sent|dispatched) (?:directly )?to (?:the )?(?:participants?|patients?|subjects?)['’]?s? (?:home|residence)|home (?:delivery|shipment) of (?:the )?(?:study|investigational))/gi,
  )) {
    add("supplyModel", "direct-to-patient", "direct-to-patient supply", b, m.index, m.index + m[0].length, w + 2);
  }
}

const PROCEDURES: [RegExp, string][] = [
  [/\bhigh[- ]fat (?:meal|breakfast)\b|\bstandardi[sz]ed (?:meal|breakfast)\b/gi, "standardised meal (fed/fasted)"],
  [
    /\b(?:pk|pharmacokinetic(?:ally)?)[- ]guided (?:dosing|dose)|\bdose (?:will be )?(?:adjusted|modified) (?:based on|according to) (?:the )?(?:auc|pk|drug level|plasma concentration)/gi,
    "PK-guided dose adjustment",
  ],
  [
    /\b(?:complete|all) (?:urine|faeces|feces|stool)(?: and (?:urine|faeces|feces|stool))? (?:will be )?collect|\bintake and output\b|\bmass balance\b/gi,
    "complete intake/output collection",
  ],
  [
    /\b(?:hyperinsulinaemic|hyperinsulinemic|hypoglyc(?:a)?emic|euglyc(?:a)?emic) clamp\b|\binduced hypoglyc/gi,
    "induced condition (clamp)",
  ],
];

export function specialProcedureFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading || has(ix, b, "references", "abbreviations", "exclusion", "toc")) return;
  for (const [re, value] of PROCEDURES) {
    for (const m of text.matchAll(re)) {
      const sentence = sentenceAround(text, m.index, m.index + m[0].length);
      // Findings of earlier studies ("no differences were observed following a high-fat meal") are not this study's
      // procedure (error class 2).
      if (/\b(?:were|was) (?:observed|seen|reported|shown)\b/i.test(sentence)) continue;
      const planned = /\b(will|must|are to|is to|shall)\b/i.test(sentence) ? 2 : 0;
      add("specialProcedure", value, "special procedure", b, m.index, m.index + m[0].length, w + planned);
    }
  }
}

export function labInterferenceFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (background || has(ix, b, "exclusion", "inclusion", "references")) return;
  for (const m of text.matchAll(
    /\b(?:may|can|will|is known to|has been shown to)\s+(?:interfere with|cause (?:false(?:ly)?[- ](?:positive|negative|elevated|low)|spurious))[^.;]{0,80}?\b(assays?|tests?|measurements?|readings?|results?)\b/gi,
  )) {
    add(
      "labInterference",
      "laboratory test interference",
      "lab interference",
      b,
      m.index,
      m.index + m[0].length,
      w + 2,
    );
  }
}

export function centralReadingFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading || has(ix, b, "references", "abbreviations", "toc", "exclusion")) return;
  for (const m of text.matchAll(
    /\b(adjudicated by (?:an? )?(?:independent )?(?:clinical (?:endpoint|event) )?committee|(?:clinical (?:endpoint|event) |independent )?adjudication committee|central (?:spirometry |ecg |image |imaging )?(?:review|reading|reader)|centrally (?:read|reviewed|assessed)|interpretation of the ecgs at a central|blinded independent (?:central )?review)\b/gi,
  )) {
    const r = m[1]!.toLowerCase();
    const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
    // A bare "central review" is a reading of this study's data only in its assessment sections, naming what is read.
    if (
      /^(central review|centrally (read|reviewed|assessed)|blinded independent)/.test(r) &&
      (!has(ix, b, "assessments", "endpoints", "design", "synopsis") ||
        !/\b(ecg|image|imaging|scan|spirometr|echocardiogra|x-ray|mri|ct|slides?|biops)/.test(sentence))
    )
      continue;
    const value = /adjudicat/.test(r)
      ? "event adjudication"
      : /spirometry/.test(r)
        ? "central spirometry review"
        : /ecg/.test(r)
          ? "central ecg reading"
          : "central review";
    add("centralReading", value, "central reading or adjudication", b, m.index, m.index + m[0].length, w + 1);
  }
}

const SIGNALS =
  /\b(ketoacidosis|pancreatitis|hypoglyc(?:a)?emi(?:a|c events?)|hepatotoxicity|liver injury|drug-induced liver injury|elevated liver (?:function tests|enzymes)|(?:alt|ast) elevations?|qtc? prolongation|neutropenia|febrile neutropenia|infusion[- ]related reactions?|cytokine release syndrome|interstitial lung disease|thyroid c-cell|hypersensitivity reactions?|myelodysplastic syndrome)\b/gi;

export function safetySignalFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading) return;
  if (!has(ix, b, "safety", "treatment", "rationale", "assessments", "design")) return;
  if (has(ix, b, "exclusion", "inclusion", "aeDefinitions", "references", "abbreviations", "toc", "consent")) return;
  for (const m of text.matchAll(SIGNALS)) {
    const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
    // The signal with what the protocol does about it: a monitoring or action rule in the same sentence.
    if (
      !/\b(must|monitor(?:ed|ing)?|should be (?:measured|checked|assessed|evaluated|discontinued)|will be (?:measured|checked|assessed|adjudicated|monitored)|pay close attention|repeat tests?|discontinue|interrupt|stopping)\b/.test(
        sentence,
      )
    )
      continue;
    const value = m[1]!
      .toLowerCase()
      .replace(/hypoglyc(?:a)?emi(?:a|c events?)/, "hypoglycaemia")
      .replace(
        /(?:alt|ast) elevations?|elevated liver (?:function tests|enzymes)|drug-induced liver injury/,
        "liver injury",
      )
      .replace(/reactions$/, "reaction");
    add("safetySignal", value, "safety signal with a monitoring rule", b, m.index, m.index + m[0].length, w + 1);
  }
}

export function vendorFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading || has(ix, b, "references", "abbreviations", "toc", "consent")) return;
  for (const m of text.matchAll(
    /\b(contract research organi[sz]ation|CRO|central laborator(?:y|ies) \([A-Z][^)]{2,40}\)|(?:provided|supplied|managed|performed) by (?:an? |the )?(?:external |third[- ]party )?(?:vendor|CRO|central laboratory|contract research organi[sz]ation))\b/g,
  )) {
    const sentence = sentenceAround(text, m.index, m.index + m[0].length);
    if (
      !/\b(will|is|are|must|appointed|responsible|performed|provided|supplied|organisation of|organization of)\b/i.test(
        sentence,
      )
    )
      continue;
    add(
      "vendor",
      /labor/i.test(m[1]!) ? "central laboratory" : "cro",
      "vendor named",
      b,
      m.index,
      m.index + m[0].length,
      w,
    );
  }
}
