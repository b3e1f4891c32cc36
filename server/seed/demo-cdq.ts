import { appendAuditEntry } from "../audit/service";
import type { IssueFields } from "../cdq/import-rows";
import { writeIssues } from "../cdq/service";
import type { CdqActor, CdqReviewStatus } from "../contracts/cdq";
import type { Db } from "../db/database";
import { DEMO } from "./demo-ids";

/**
 * Compliance & Data Quality demo issues (issue 14): about 200 across DEMO-001 (120) and DEMO-002 (80), made by a
 * fixed pseudo-random sequence so every demo database holds the same ones: protocol deviations, data-quality
 * findings and compliance findings, with sites, countries, subjects, designees, overdue issues and every state and
 * review status. Dates are relative to the day of seeding, so some issues are always overdue on a fresh demo.
 * LEGACY2019 (LEG-2019) keeps none: the empty list.
 */
export const DEMO_CDQ_COUNTS = { DEMO001: 120, DEMO002: 80 } as const;

interface Kind {
  type: string;
  source: string;
  categories: { category: string; subCategories: string[]; titles: string[] }[];
}

const KINDS: Kind[] = [
  {
    type: "Protocol Deviation",
    source: "Site monitoring visit",
    categories: [
      {
        category: "Informed Consent",
        subCategories: ["Outdated ICF version", "Missing signature", "Consent after procedure"],
        titles: [
          "Subject signed an outdated informed consent form version",
          "Informed consent signature date missing",
          "Study procedure performed before consent was obtained",
        ],
      },
      {
        category: "Eligibility",
        subCategories: ["Inclusion criterion not met", "Exclusion criterion met"],
        titles: [
          "Subject enrolled with screening blood pressure outside the inclusion range",
          "Subject enrolled despite prohibited concomitant medication",
        ],
      },
      {
        category: "Visit Schedule",
        subCategories: ["Out-of-window visit", "Missed visit"],
        titles: ["Week 8 visit performed outside the protocol window", "Week 12 visit missed without documentation"],
      },
      {
        category: "Investigational Product",
        subCategories: ["Dosing error", "Temperature excursion"],
        titles: ["Subject took a double dose of study drug", "IMP stored above 25 °C for 6 hours before dispensing"],
      },
    ],
  },
  {
    type: "Data Quality",
    source: "Central statistical monitoring",
    categories: [
      {
        category: "Vital Signs",
        subCategories: ["Implausible value", "Digit preference"],
        titles: [
          "Systolic blood pressure of 300 mmHg recorded",
          "Heart rate values end in 0 or 5 far more often than expected",
        ],
      },
      {
        category: "Adverse Events",
        subCategories: ["Under-reporting", "Late entry"],
        titles: [
          "Site adverse event rate far below the study average",
          "Serious adverse event entered 21 days after onset",
        ],
      },
      {
        category: "Laboratory",
        subCategories: ["Unit mismatch", "Missing values"],
        titles: ["Creatinine reported in mg/dL where µmol/L is expected", "Haematology panel missing for visit 3"],
      },
    ],
  },
  {
    type: "Compliance Finding",
    source: "AI review of site documents",
    categories: [
      {
        category: "Essential Documents",
        subCategories: ["Missing delegation log entry", "Expired CV"],
        titles: [
          "Sub-investigator performs assessments without a delegation log entry",
          "Principal investigator CV older than two years in the ISF",
        ],
      },
      {
        category: "Training",
        subCategories: ["GCP training expired", "Protocol amendment training missing"],
        titles: [
          "Study coordinator GCP certificate expired",
          "Site staff not trained on protocol amendment 2 before use",
        ],
      },
    ],
  },
];

const SITES: Record<string, { country: [string, string]; sites: [string, string][] }[]> = {
  DEMO001: [
    {
      country: ["DE", "Germany"],
      sites: [
        ["DE-101", "Charité Berlin"],
        ["DE-102", "Klinikum München"],
      ],
    },
    { country: ["FR", "France"], sites: [["FR-201", "Hôpital Lyon Sud"]] },
    {
      country: ["US", "United States"],
      sites: [
        ["US-301", "Boston Heart Center"],
        ["US-302", "Denver Clinical"],
      ],
    },
  ],
  DEMO002: [
    { country: ["ES", "Spain"], sites: [["ES-401", "Hospital Clínic Barcelona"]] },
    {
      country: ["PL", "Poland"],
      sites: [
        ["PL-501", "Warsaw Oncology Institute"],
        ["PL-502", "Kraków University"],
      ],
    },
    { country: ["GB", "United Kingdom"], sites: [["GB-601", "Royal Marsden London"]] },
  ],
};

const SEVERITIES = ["Critical", "Major", "Minor"] as const;
const REVIEW_STATUSES: (CdqReviewStatus | null)[] = [null, "Reviewed", "Verified", "Rejected"];

/** A small deterministic generator (mulberry32), so the demo is the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;

/** The issues of one study, detected over the last year before `today` (midnight UTC). */
export function demoIssues(studyName: keyof typeof DEMO_CDQ_COUNTS, prefix: string, today: Date): IssueFields[] {
  const next = random(studyName === "DEMO001" ? 14001 : 14002);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const u = DEMO.users;
  const designees: (CdqActor | null)[] = [
    { type: "user", id: u.manager.id, displayName: u.manager.displayName, email: u.manager.email },
    { type: "user", id: u.monitor.id, displayName: u.monitor.displayName, email: u.monitor.email },
    { type: "user", id: u.admin.id, displayName: u.admin.displayName, email: u.admin.email },
    { type: "group", id: DEMO.groups.monitors.id, displayName: DEMO.groups.monitors.displayName },
    null,
  ];
  const issues: IssueFields[] = [];
  for (let n = 1; n <= DEMO_CDQ_COUNTS[studyName]; n += 1) {
    const kind = KINDS[n % KINDS.length]!;
    const cat = pick(kind.categories);
    const which = Math.floor(next() * cat.titles.length);
    const place = pick(SITES[studyName]!);
    const [siteId, siteName] = pick(place.sites);
    const subjectNumber = `${siteId.slice(3)}-${String(Math.floor(next() * 40) + 1).padStart(3, "0")}`;
    const detectedDaysAgo = Math.floor(next() * 360);
    const detected = new Date(today.getTime() - detectedDaysAgo * DAY + Math.floor(next() * DAY));
    const occurred = new Date(detected.getTime() - Math.floor(next() * 20) * DAY);
    // Every third issue is Completed; the others are Active, due from 30 days ago to 60 days ahead (some overdue).
    const state = n % 3 === 0 ? "Completed" : "Active";
    const dueDate = n % 7 === 0 ? null : new Date(today.getTime() + (Math.floor(next() * 90) - 30) * DAY);
    const severity =
      kind.type === "Protocol Deviation" && cat.category === "Informed Consent" ? "Critical" : pick(SEVERITIES);
    issues.push({
      displayId: `${prefix}-${String(n).padStart(4, "0")}`,
      type: kind.type,
      country:
        n % 23 === 0
          ? { id: place.country[0], displayName: null }
          : { id: place.country[0], displayName: place.country[1] },
      site: { id: siteId, displayName: siteName },
      subject:
        kind.type === "Compliance Finding" ? null : { id: subjectNumber, displayName: `Subject ${subjectNumber}` },
      title: cat.titles[which]!,
      category: cat.category,
      subCategory: cat.subCategories[which % cat.subCategories.length]!,
      context: [
        { display: `Site ${siteId} (${siteName}), ${place.country[1]}` },
        ...(kind.type === "Compliance Finding" ? [] : [{ display: `Subject ${subjectNumber}, visit ${1 + (n % 9)}` }]),
        { display: `Detected by ${kind.source.toLowerCase()}` },
      ],
      reasoning:
        kind.type === "Data Quality"
          ? `The value pattern at ${siteId} differs from the other sites of the study beyond the expected variation; the finding needs source data verification.`
          : `The finding was raised from the ${kind.source.toLowerCase()} and compared with the protocol and the site's records; it affects ${cat.category.toLowerCase()}.`,
      source: kind.source,
      severity,
      patientSafetyScore: severity === "Critical" ? 70 + Math.floor(next() * 31) : Math.floor(next() * 70),
      dateOfOccurrence: n % 11 === 0 ? null : occurred,
      dateOfDetection: detected,
      designee: pick(designees),
      state,
      reviewStatus: REVIEW_STATUSES[n % REVIEW_STATUSES.length]!,
      dueDate,
    });
  }
  return issues;
}

export async function insertCdqDemoData(tx: Db, now: Date = new Date()): Promise<void> {
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const { company, studies: s } = DEMO;
  for (const [study, name, prefix] of [
    [s.active, "DEMO001", "PD1"],
    [s.second, "DEMO002", "PD2"],
  ] as const) {
    const outcome = await writeIssues(
      tx,
      { companyId: company.id, studyId: study.id },
      demoIssues(name, prefix, today),
      now,
    );
    await appendAuditEntry(tx, {
      entryPoint: { displayText: "Demo data seeded", httpMethod: null, apiPath: null },
      level: "Study",
      companyId: company.id,
      studyId: study.id,
      contextOfChange: { id: study.id, type: "Study", extraInfo: { displayId: study.displayId } },
      requester: { type: "system" },
      changes: outcome.changes,
      rationale: "Initial demo data: Compliance & Data Quality issues",
    });
  }
}
