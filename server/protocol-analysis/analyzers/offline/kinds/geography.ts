/**
 * Where the study runs: geographic scope, countries, number of sites.
 */
import { has, sentenceAround, WORD_NUMBERS, escape, type BlockContext } from "./context";

/** Geographic scope: worldwide/multinational, regions, number of countries. */
export function geographyFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (!(
    (!has(ix, b, "title", "references", "toc") || has(ix, b, "synopsis")) &&
    !background &&
    !has(ix, b, "consent", "safety")
  ))
    return;
  for (const m of text.matchAll(
    /\b(worldwide|multi-?national|international|global(?:ly)?|multi-country|multicountry|several countries)\b/gi,
  )) {
    const before = lower.slice(Math.max(0, m.index - 50), m.index);
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (
      /^\s*(amendments?|normali[sz]ed|languages?|units? \(|conference|council|society|standards?|guidelines?|organi[sz]ations?|ethical|classification|network|coordinating|units?|harmoni[sz]ation|committee|union|agency|health|prevalence|pandemic|burden|assessment|impression)/.test(
        after,
      )
    )
      continue;
    if (
      /(world health|internationally recognized|who|ich|the|council for|derived from)\s*$/.test(before) &&
      !/(centers|centres|sites|trials?)\s*$/.test(before)
    )
      continue;
    // A scope word says where the study runs only in a sentence about its sites, countries or enrolment.
    const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
    if (!/(site|cent(er|re)|countr|conduct|enrol|particip|recruit|region|randomi)/.test(sentence)) continue;
    const v = m[1]!
      .toLowerCase()
      .replace(/^globally$/, "global")
      .replace(/^multi-national$/, "multinational");
    add(
      "geography",
      v,
      "geographic scope",
      b,
      m.index,
      m.index + m[0].length,
      w + (/(sites|centers|centres|trials)\b/.test(before + after) ? 2 : 0),
    );
  }
  for (const m of text.matchAll(/\bgeographic(?:al)? region[s]? \(([^)]{3,60})\)/gi)) {
    for (const region of m[1]!.split(/,| and /)) {
      const r = region.trim().toLowerCase();
      if (r) add("geography", r, "geographic regions", b, m.index, m.index + m[0].length, w + 2);
    }
  }
  for (const m of text.matchAll(
    /\b(?:in|across)\s+(?:approximately\s+|about\s+|up to\s+)?(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|several|multiple)\s+countries\b/gi,
  )) {
    const raw = m[1]!.toLowerCase();
    const n = /^\d+$/.test(raw) ? Number(raw) : (WORD_NUMBERS[raw] ?? 3);
    if (n >= 2) add("geography", "multinational", "number of countries", b, m.index, m.index + m[0].length, w + 2);
  }
}

/** Countries named where the study is conducted or recruits. */
export function countryFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, heading, add } = c;
  if (!(
    (!has(ix, b, "title", "references", "toc") || has(ix, b, "synopsis")) &&
    !background &&
    !has(ix, b, "consent", "safety") &&
    !has(ix, b, "title") &&
    !heading
  ))
    return;
  for (const m of text.matchAll(COUNTRY_RE)) {
    const name = m[1]!;
    const before = lower.slice(Math.max(0, m.index - 60), m.index);
    if (
      /(address|located|office|headquarter|inc\.|ltd|gmbh|ag,|street|university of)\s*[a-z ,]*$/.test(before) &&
      !/(enrol|conducted|sites?|centers?|centres?) [a-z ]*$/.test(before)
    )
      continue;
    const country = US_STATES.has(name.toLowerCase()) ? "united states" : normalizeCountry(name);
    if (!/(site|center|centre|conducted|enrol|participat|countr|recruit|stratif)/.test(lower)) continue;
    add("geography", country, "country named", b, m.index, m.index + m[0].length, w);
  }
}

/**
 * The national framework a protocol is written under ("Swiss regulatory authority's requirements", "FDA Form 1572"): the country of a study that names no country where it runs. A fallback value
 * (facts.ts): dropped when the protocol states its scope or countries.
 */
const NATIONAL: [RegExp, string][] = [
  [/\bSwiss (?:regulatory|law|legislation|ethics|authorit)|\bSwissmedic\b/, "switzerland"],
  // Not "21 CFR": global protocols cite it for IND safety reporting wherever they run.
  [/\bForms? (?:FDA )?1572\b|\bFDA (?:Related )?Forms? 1572\b|\b1572\/1571\b/, "united states"],
  [/\bPMDA\b|\bJ-GCP\b|\bMinistry of Health, Labou?r and Welfare\b/, "japan"],
  [/\bMHRA\b/, "united kingdom"],
  [/\bBfArM\b/, "germany"],
  [/\bANSM\b/, "france"],
  [/\bHealth Canada\b/, "canada"],
];

export function nationalFrameworkFacts(c: BlockContext): void {
  const { ix, b, text, background, add } = c;
  if (background || has(ix, b, "references", "toc", "abbreviations")) return;
  for (const [re, country] of NATIONAL) {
    const m = re.exec(text);
    if (m) add("geography", country, "national regulations", b, m.index, m.index + m[0].length, 1);
  }
}

/** "Multi-centre" without a number (the title page included): ranked below any stated number of sites. */
export function multicentreFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (background || heading || has(ix, b, "references", "toc", "consent")) return;
  for (const m of text.matchAll(/\bmulti-?(?:cent(?:er|re)|site)(?:ed|ic)?\b/gi)) {
    const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
    if (/\b(?:trials|studies)\b/.test(sentence) && !/\b(?:this|the present) (?:study|trial)\b/.test(sentence)) continue;
    add("sites", "multicenter", "multicentre", b, m.index, m.index + m[0].length, w - 2);
  }
}

/** Number of sites, a single site, or a named institution. */
export function sitesFacts(c: BlockContext): void {
  const { ix, b, w, text, background, heading, add } = c;
  if (!(
    (!has(ix, b, "title", "references", "toc") || has(ix, b, "synopsis")) &&
    !background &&
    !heading &&
    !has(ix, b, "consent", "safety", "aeDefinitions", "oversight")
  ))
    return;
  for (const m of text.matchAll(
    /\b(?:(?:approximately|about|up to|~)\s+)?(\d{1,4}|several hundred|hundreds of)\s+(?:(?:clinical|investigational|study|participating|paediatric|pediatric|hospital|academic|research|oncology|specialist|trial)\s+){0,2}(?:sites|centers|centres)\b|\b(single[- ](?:site|center|centre|institution))\b|\bat (?:the )?(university of [A-Z][a-z]+|[A-Z][a-z]+ (?:cancer )?(?:center|hospital))/gi,
  )) {
    const raw = (m[1] ?? m[2] ?? "").toLowerCase();
    const sentence = sentenceAround(text, m.index, m.index + m[0].length).toLowerCase();
    if (m[3]) {
      // "… at the University Hospital of Zürich (USZ) and at Klinik Hirslanden" names two sites.
      if (
        /(enrol|conducted|recruit)/.test(sentence) &&
        /(total|all|subjects|patients|participants)/.test(sentence) &&
        !/\band at\b|\bsites\b|\bcent(?:er|re)s\b/.test(sentence)
      ) {
        add("sites", "single site", "single named site", b, m.index, m.index + m[0].length, w - 1);
      }
      continue;
    }
    if (/^\d+$/.test(raw) && (Number(raw) < 2 || Number(raw) > 5000)) continue;
    const value = /single/.test(raw) ? "single site" : raw === "hundreds of" ? "hundreds" : raw;
    add(
      "sites",
      value,
      "number of sites",
      b,
      m.index,
      m.index + m[0].length,
      w + (/(enrol|conduct|participat|randomi)/.test(sentence) ? 2 : 0),
    );
  }
  // "… enrolled at the University Hospital of Zürich (USZ) and at Klinik Hirslanden Zurich": two named sites.
  for (const m of text.matchAll(
    /\b(?:enrolled|recruited|conducted|performed)\b[^.;]{0,40}?\bat (?:the )?[A-Z][^.;]{3,80}?\band at (?:the )?[A-Z]/g,
  )) {
    add("sites", "2", "two named sites", b, m.index, m.index + m[0].length, w);
  }
}

const COUNTRIES = [
  "United States",
  "USA",
  "Canada",
  "Mexico",
  "Brazil",
  "Argentina",
  "Chile",
  "Colombia",
  "Peru",
  "United Kingdom",
  "UK",
  "Ireland",
  "France",
  "Germany",
  "Italy",
  "Spain",
  "Portugal",
  "Netherlands",
  "Belgium",
  "Switzerland",
  "Austria",
  "Denmark",
  "Sweden",
  "Norway",
  "Finland",
  "Poland",
  "Czech Republic",
  "Hungary",
  "Romania",
  "Bulgaria",
  "Greece",
  "Turkey",
  "Russia",
  "Ukraine",
  "Israel",
  "Egypt",
  "South Africa",
  "Nigeria",
  "Kenya",
  "Uganda",
  "India",
  "China",
  "Japan",
  "Korea",
  "South Korea",
  "Taiwan",
  "Singapore",
  "Thailand",
  "Vietnam",
  "Malaysia",
  "Philippines",
  "Indonesia",
  "Australia",
  "New Zealand",
  "Europe",
  "North America",
  "Latin America",
  "Asia",
];
const US_STATES = new Set([
  "pennsylvania",
  "california",
  "new york",
  "texas",
  "massachusetts",
  "ohio",
  "michigan",
  "illinois",
  "florida",
  "georgia",
  "maryland",
  "minnesota",
  "washington",
  "north carolina",
]);
const COUNTRY_RE = new RegExp(
  `\\b(${[...COUNTRIES, ...[...US_STATES].map((s) => s.replace(/\b\w/g, (c) => c.toUpperCase()))].map(escape).join("|")})\\b`,
  "g",
);

function normalizeCountry(name: string): string {
  const n = name.toLowerCase();
  if (n === "usa") return "united states";
  if (n === "uk") return "united kingdom";
  return n;
}
