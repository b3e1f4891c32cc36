/**
 * Technology and sampling or special procedures.
 */
import { has, sentenceAround, type BlockContext } from "./context";

/** Technology (acronyms case-sensitive, with word boundaries). */
export function technologyFacts(c: BlockContext): void {
  const { ix, b, w, text, lower, background, add } = c;
  if (!has(ix, b, "references")) {
    for (const m of [
      ...text.matchAll(/\b(IRT|IWRS|IVRS|IxRS|IXRS|RTSM|ePRO|eCOA|eDiary|EDC|eCRF|Velos|Holter)\b/g),
      ...text.matchAll(
        /\b(interactive (?:voice|web|response)[a-z -]{0,40}(?:system|technology)|e-diary|electronic diar(?:y|ies)|electronic case report forms?|wearables?|actigraph[a-z]*|accelerometers?|continuous glucose monitor[a-z]*|telemedicine|telehealth|video visits?|telephone (?:visits?|calls?|contacts?|follow-up)|by telephone|home (?:nursing )?visits?|home nursing|remote (?:data )?monitoring|centrali[sz]ed monitoring|smartphone app[a-z]*|mobile app[a-z]*)\b/gi,
      ),
    ]) {
      const raw = m[1]!;
      const before = lower.slice(Math.max(0, m.index - 40), m.index);
      if (/(no|not|without)\s*$/.test(before)) continue;
      const value = normalizeTechnology(raw);
      add("technology", value, "technology", b, m.index, m.index + raw.length, w - (background ? 3 : 0));
    }
  }
}

/** Sampling and procedures. */
export function samplingFacts(c: BlockContext): void {
  const { ix, b, w, text, background, add } = c;
  if (!background && !has(ix, b, "references", "exclusion")) {
    for (const m of text.matchAll(
      /\b(central (?:laborator(?:y|ies)|lab)|(?:mid-turbinate |nasopharyngeal |oropharyngeal )?(?:nasal )?swabs?|(?:core |tumou?r |skin |liver |muscle )?biops(?:y|ies)|archival (?:tumou?r )?tissue|pharmacokinetic (?:samples?|sampling|blood samples?)|PK (?:blood )?(?:samples?|sampling)|blood samples|serum samples?|plasma (?:and serum )?samples?|stored samples|biorepository|(?:central )?specimen repository|24-?hour urine|lumbar puncture|cerebrospinal fluid|bone marrow (?:aspirat[a-z]+|biops[a-z]+)|bronchoalveolar lavage|MRI|PET(?:-CT)? scans?|CT scans?|echocardiogra[a-z]+|endoscop[a-z]+|colonoscop[a-z]+|[Ss]pirometry)\b/g,
    )) {
      const raw = m[1]!;
      const value = normalizeSampling(raw);
      if (!value) continue;
      // In the eligibility criteria only a sample that must be provided (tissue, a biopsy) is a study procedure.
      if (has(ix, b, "inclusion") && !/^(biopsy|archival tissue)$/.test(value)) continue;
      const sentence = sentenceAround(text, m.index, m.index + raw.length).toLowerCase();
      if (/(abbreviation|= pharmacokinetics|not (be )?(collected|performed|required))/.test(sentence)) continue;
      // Imaging and endoscopy named as examples ("for example, ultrasound or CT scan") or in the work-up of a safety
      // event are not the study's procedures (error class 7).
      if (
        /^(mri|pet|ct scan|endoscopy|colonoscopy|echocardiography|biopsy|bone marrow)/.test(value) &&
        (has(ix, b, "appendix", "safety") ||
          /\b(for example|e\.g\.|such as|if clinically indicated|as needed|consultation|if |when clinically|may be|could be)/.test(
            sentence,
          ))
      )
        continue;
      add(
        "sampling",
        value,
        "sampling or procedure",
        b,
        m.index,
        m.index + raw.length,
        w + (has(ix, b, "assessments") ? 1 : 0),
      );
    }
  }
}

function normalizeTechnology(raw: string): string {
  const r = raw.toLowerCase();
  if (/^(irt|iwrs|ivrs|ixrs|rtsm)$/.test(r)) return r;
  if (/^interactive/.test(r)) return "irt";
  if (/^(epro|ecoa|ediary|e-diary|electronic diar)/.test(r))
    return /ecoa/.test(r) ? "ecoa" : /diar/.test(r) ? "ediary" : "epro";
  if (/^(edc|ecrf|electronic case report)/.test(r)) return /edc/.test(r) ? "edc" : "ecrf";
  if (r === "velos") return "velos";
  if (/^(wearable|actigraph|accelerometer)/.test(r)) return "wearable";
  if (/continuous glucose/.test(r)) return "cgm";
  if (r === "holter") return "holter";
  if (/^(telemedicine|telehealth|video visit)/.test(r)) return "telemedicine";
  if (/telephone/.test(r)) return "telephone";
  if (/^home (visit|nursing)/.test(r)) return "home visits";
  if (/(remote|centrali)/.test(r)) return /remote/.test(r) ? "remote monitoring" : "centralized monitoring";
  if (/app/.test(r)) return "mobile app";
  return r;
}

function normalizeSampling(raw: string): string | null {
  const r = raw.toLowerCase();
  if (/^central (lab|laborator)/.test(r)) return "central laboratory";
  if (/swab/.test(r))
    return /nasopharyngeal/.test(r)
      ? "nasopharyngeal swab"
      : /mid-turbinate/.test(r)
        ? "mid-turbinate nasal swab"
        : "swab";
  if (/biops/.test(r)) return /bone marrow/.test(r) ? "bone marrow biopsy" : "biopsy";
  if (/archival/.test(r)) return "archival tissue";
  if (/^(pharmacokinetic|pk)/.test(r)) return /sampling$/.test(r) ? "pk sampling" : "pk samples";
  if (/^serum/.test(r)) return "serum samples";
  if (/^plasma/.test(r)) return "plasma";
  if (/(stored samples|biorepository|repository)/.test(r))
    return /repository/.test(r) ? "central specimen repository" : "stored samples";
  if (/urine/.test(r)) return "24-hour urine";
  if (/(lumbar|cerebrospinal)/.test(r)) return "lumbar puncture";
  if (/bronchoalveolar/.test(r)) return "bal";
  if (/^echocardio/.test(r)) return "echocardiography";
  if (/^(endoscop|colonoscop)/.test(r)) return r.startsWith("colon") ? "colonoscopy" : "endoscopy";
  if (/^(mri|pet|ct scan|spirometry)/.test(r)) return r.replace(/s$/, "");
  return r;
}
