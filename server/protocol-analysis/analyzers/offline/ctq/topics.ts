/**
 * The topics a critical process or datum can be about (ICH E6(R3) §3.10.1.1's processes, E8(R1)'s critical-to-quality
 * factors): how a given item is recognised as one (its title and details), where a protocol speaks of it (section tags
 * of sections.ts) and which sentences say something specific about it, most specific first. General rules: no
 * protocol's own words.
 */
import type { FactKind } from "../facts";
import type { SectionTag } from "../sections";

export type CriticalReason = "primary endpoint" | "key secondary endpoint" | "eligibility" | "randomisation" | "safety";

export interface Topic {
  id: string;
  /** Recognises a given item (title and details) as being about this topic. */
  detect: RegExp;
  /** Sections where the protocol speaks of it. */
  tags: SectionTag[];
  /** Sentences that make it specific, most specific first (each adds evidence when found). */
  sentences: RegExp[];
  /** Facts of the offline analyzer that name what it is about in this protocol. */
  facts?: FactKind[];
  /** Why a datum about it is critical (issue 25), or undefined when it is not by itself. */
  critical?: CriticalReason;
}

export const TOPICS: Topic[] = [
  {
    id: "primaryEndpoint",
    detect: /\bprimary (?:efficacy )?(?:end ?-?points?|outcomes?|variables?|objectives?)\b/i,
    tags: ["primaryEndpoint", "endpoints", "objectives"],
    sentences: [/\bprimary (?:efficacy )?(?:end ?-?point|outcome)\b/i],
    facts: ["primaryEndpoint"],
    critical: "primary endpoint",
  },
  {
    id: "secondaryEndpoint",
    detect: /\b(?:key )?secondary (?:end ?-?points?|outcomes?|objectives?)\b/i,
    tags: ["endpoints", "objectives"],
    sentences: [/\bkey secondary\b/i, /\bsecondary (?:efficacy )?(?:end ?-?points?|outcomes?)\b/i],
    facts: ["secondaryEndpoint"],
    critical: "key secondary endpoint",
  },
  {
    id: "consent",
    detect: /\b(?:informed )?consent|\bassent\b/i,
    tags: ["consent"],
    sentences: [
      /\blegally (?:authori[sz]ed|acceptable) representative|\bLAR\b|\bsurrogate\b|\bimpartial witness\b|\bassent\b/i,
      /\bre-?consent(?:ed)?\b|\bnew (?:safety )?information\b[^.]{0,80}\bconsent|\b(?:updated|revised) (?:informed )?consent\b/i,
      /\b(?:informed consent|consent form)\b[^.]{0,120}\b(?:prior to|before|obtained|signed|dated)\b/i,
    ],
  },
  {
    id: "eligibility",
    detect: /\beligib|\binclusion\b|\bexclusion criteri|\benrol(?:l)?ment (?:criteri|check)|\bscreening\b/i,
    tags: ["inclusion", "population"],
    sentences: [
      /\b(?:aged?|years? of age|≥\s?\d+\s?years|\d+ years (?:of age )?or older)\b/i,
      /\b(?:diagnosis|diagnosed|confirmed|documented)\b/i,
      /\b(?:eligible|eligibility|inclusion criteri)/i,
    ],
    facts: ["age", "condition"],
    critical: "eligibility",
  },
  {
    id: "randomisation",
    detect: /\brandomi[sz]/i,
    tags: ["randomization"],
    sentences: [
      /\brandomi[sz](?:ed|ation)\b[^.]{0,160}(?:\d\s?:\s?\d|ratio|stratif|IWRS|IXRS|\bIRT\b|IVRS|interactive)/i,
      /\bstratif(?:ied|ication)\b/i,
      /\brandomi[sz](?:ed|ation)\b/i,
    ],
    critical: "randomisation",
  },
  {
    id: "blinding",
    detect: /\b(?:blind|mask|unblind)/i,
    tags: ["blinding"],
    sentences: [
      /\bunblind(?:ing|ed)?\b|\bbreak(?:ing)? (?:of )?the (?:blind|code)\b/i,
      /\b(?:blind|mask)(?:ed|ing)?\b/i,
    ],
    facts: ["blinding"],
  },
  {
    id: "product",
    detect:
      /\binvestigational (?:medicinal )?(?:product|drug|agent)|\bIMPs?\b|\bIPs?\b|\bstudy (?:drug|treatment|intervention|medication)|\bdos(?:e|ing)\b|\baccountab|\bdispens/i,
    tags: ["treatment"],
    sentences: [
      /\baccountab|\bdispens(?:ed|ing)\b|\breturned\b|\bdestr(?:uction|oyed)\b/i,
      /\b(?:\d+(?:\.\d+)?\s?(?:mg|g|µg|mcg|ml|mL|IU|units?)(?:\/kg)?)\b[^.]{0,80}\b(?:administered|given|daily|once|twice|every|infusion|orally|dose)\b/i,
      /\badminist(?:er|ered|ration)\b/i,
    ],
    facts: ["imp", "dose", "route"],
  },
  {
    id: "stopping",
    detect: /\bstopping|\bhalt|\bpaus(?:e|ing) (?:rule|criteri)|\bdose-?limiting|\bDLTs?\b|\btermination criteri/i,
    tags: ["safety", "interim"],
    sentences: [
      /\bstopping (?:rules?|criteri|boundar)|\b(?:halt|pause|suspend)(?:ed|ing)? (?:the )?(?:enrol|study|dosing)/i,
      /\bdose-?limiting toxicit/i,
    ],
    facts: ["stoppingRules"],
    critical: "safety",
  },
  {
    id: "safetyReporting",
    detect:
      /\badverse (?:event|reaction)|\bSAEs?\b|\bAEs?\b|\bSUSARs?\b|\bsafety (?:report|data|event)|\bpharmacovigilance/i,
    tags: ["safety", "aeDefinitions"],
    sentences: [
      /\bwithin 24 hours\b|\bimmediately\b[^.]{0,60}\breport|\bexpedited\b/i,
      /\bserious adverse events?\b[^.]{0,160}\b(?:report|record|collect)/i,
      /\badverse events?\b[^.]{0,160}\b(?:record|collect|report)/i,
    ],
    critical: "safety",
  },
  {
    id: "committee",
    detect:
      /\b(?:data (?:and )?(?:safety )?monitoring (?:board|committee)|DSMB|DSMC|I?DMC|safety (?:review )?committee)\b/i,
    tags: ["committees", "oversight", "interim"],
    sentences: [
      /\b(?:data (?:and )?(?:safety )?monitoring (?:board|committee)|DSMB|DSMC|I?DMC|safety (?:review )?committee)\b/i,
    ],
    facts: ["dsmb"],
    critical: "safety",
  },
  {
    id: "withdrawal",
    detect: /\bwithdraw|\bdiscontinu|\blost to follow|\bdrop-?outs?\b|\bretention\b|\bfollow-?up\b/i,
    tags: ["safety", "design"],
    sentences: [
      /\blost to follow-?up\b/i,
      /\bwithdraw(?:n|al)?\b[^.]{0,120}\b(?:consent|study)\b/i,
      /\bdiscontinu(?:e|ed|ation)\b/i,
    ],
  },
  {
    id: "dataManagement",
    detect:
      /\bsource (?:data|documents?)|\be?CRFs?\b|\bcase report forms?|\bdata (?:entry|management|capture|collection|quality)|\bEDC\b/i,
    tags: ["oversight"],
    sentences: [
      /\b(?:electronic )?case report forms?\b|\beCRFs?\b|\belectronic data capture\b|\bEDC\b/i,
      /\bsource (?:data|documents?)\b/i,
    ],
  },
  {
    id: "monitoring",
    detect: /\bmonitor(?:ing)?\b|\bsource data verification|\bSDV\b|\baudit/i,
    tags: ["oversight"],
    sentences: [
      /\b(?:on-?site|remote|centrali[sz]ed|risk-based) monitoring\b|\bsource data verification\b|\bmonitoring (?:visits?|plan)\b/i,
      /\bmonitor(?:s|ed|ing)?\b[^.]{0,80}\b(?:site|data|study)\b/i,
    ],
  },
  {
    id: "samples",
    detect: /\bsamples?\b|\bspecimens?\b|\blaborator|\blab\b|\bpharmacokinetic|\bPK\b|\bbiomarker|\bbiobank/i,
    tags: ["assessments"],
    sentences: [
      /\bcentral laborator/i,
      /\b(?:blood|urine|serum|plasma|tissue|swab)? ?(?:samples?|specimens?)\b[^.]{0,120}\b(?:collected|obtained|drawn|shipped|stored|analy[sz]ed)/i,
    ],
  },
  {
    id: "concomitant",
    detect:
      /\bconcomitant|\bprohibited (?:medication|therap)|\brescue (?:medication|therap)|\bprior (?:medication|therap)/i,
    tags: ["concomitant"],
    sentences: [
      /\bprohibited\b|\bnot permitted\b|\brescue\b/i,
      /\bconcomitant (?:medications?|therap(?:y|ies)|treatments?)\b/i,
    ],
  },
  {
    id: "deviations",
    detect: /\bdeviations?\b|\bnon-?compliance\b|\bserious breach/i,
    tags: ["oversight"],
    sentences: [/\bprotocol deviations?\b|\bserious breach\b|\bnon-?compliance\b/i],
  },
  {
    id: "visits",
    detect: /\bvisit (?:window|schedule)|\bschedule of (?:activities|assessments)|\bvisits?\b/i,
    tags: ["assessments"],
    sentences: [/\bvisit window\b|±\s?\d+\s?days?\b/i, /\bschedule of (?:activities|assessments)\b/i],
  },
  {
    id: "survival",
    detect: /\bdeath|\bsurvival|\bvital status|\bmortality/i,
    tags: ["endpoints", "safety"],
    sentences: [
      /\bvital status\b|\ball-cause mortality\b|\bdeaths?\b[^.]{0,80}\b(?:record|report|collect)/i,
      /\bsurvival\b|\bmortality\b/i,
    ],
  },
];

export function topicOf(text: string): Topic | null {
  return TOPICS.find((t) => t.detect.test(text)) ?? null;
}

export const topicById = (id: string): Topic => TOPICS.find((t) => t.id === id)!;
