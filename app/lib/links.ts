/**
 * Links (000 §2.4): a link builder that appends query parameters and a hash, and the legacy pages of the classic
 * application, which live outside /ng/ and are reached by plain anchors.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * Appends query parameters (in the order given, null and undefined skipped, arrays repeated) and an optional hash to
 * a path or an absolute address. Parameters already in the path are kept; a hash already there is replaced.
 */
export function buildHref(path: string, query?: Query | URLSearchParams | null, hash?: string | null): string {
  const hashAt = path.indexOf("#");
  // Most links of a page are a bare path: nothing to add (every header link renders one, ADR 0057).
  if (hashAt < 0 && (query === undefined || query === null) && (hash === undefined || hash === null)) return path;
  const base = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const keptHash = hashAt >= 0 ? path.slice(hashAt + 1) : "";
  const params = new URLSearchParams();
  if (query instanceof URLSearchParams) {
    for (const [key, value] of query) params.append(key, value);
  } else if (query) {
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values as QueryValue[]) {
        if (item === null || item === undefined) continue;
        params.append(key, String(item));
      }
    }
  }
  const search = params.toString();
  const joiner = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  const withQuery = search ? `${base}${joiner}${search}` : base;
  const finalHash = hash === undefined || hash === null ? keptHash : hash.replace(/^#/, "");
  return finalHash ? `${withQuery}#${encodeURI(finalHash)}` : withQuery;
}

/** Company-level legacy pages (000 §2.4). */
export const LEGACY_COMPANY_PATHS = [
  "/catalogsList",
  "/admin/cpcdConfig",
  "/viewKri",
  "/admin/configuration",
  "/companyAuditManager",
  "/admin/latestLogs",
  "/companyCreation",
  "/yourAccount/notifications",
  "/feedback",
  "/admin/cfInstanceStats",
  "/yourAccount",
  "/admin/configVariables",
  "/v1/system/version/admin",
] as const;

/** Study-level legacy pages, each taking a studyName query parameter (000 §2.4). */
export const LEGACY_STUDY_PATHS = [
  "/db",
  "/riskAssessment",
  "/riskManagement",
  "/viewMitigations",
  "/metrics",
  "/riskIndicators",
  "/qtls",
  "/sites",
  "/tickets",
  "/CSM",
  "/datasources",
  "/reports",
  "/dataProcessingSetup",
  "/auditManager",
  "/studyDetails",
  "/editRiskAssessment",
] as const;

export type LegacyCompanyPath = (typeof LEGACY_COMPANY_PATHS)[number];
export type LegacyStudyPath = (typeof LEGACY_STUDY_PATHS)[number];

const seg = (value: string) => encodeURIComponent(value);

/** Legacy pages with path parameters (000 §2.4). */
export const legacyLinks = {
  /** A company-level page, with optional query (for example /yourAccount?welcome). */
  company: (path: LegacyCompanyPath, query?: Query) => buildHref(path, query),
  /** A study-level page: the path with the studyName query parameter. */
  study: (path: LegacyStudyPath, studyName: string, query?: Query) => buildHref(path, { studyName, ...query }),
  /** The subjects list of a study. */
  subjects: (studyName: string) => `/patients/study/${seg(studyName)}`,
  /** One subject of a study. */
  subject: (studyName: string, subjectId: string) => `/patients/study/${seg(studyName)}/patient/${seg(subjectId)}`,
  /** One ticket. */
  ticket: (ticketId: string, studyName: string) => buildHref(`/tickets/${seg(ticketId)}`, { studyName }),
  /** One mitigation action. */
  mitigation: (name: string, studyName: string) => buildHref("/viewMitigation", { name, studyName }),
};

const LEGACY_EXACT = new Set<string>([...LEGACY_COMPANY_PATHS, ...LEGACY_STUDY_PATHS, "/viewMitigation"]);
const LEGACY_PATTERNS = [
  /^\/patients\/study\/[^/]+$/,
  /^\/patients\/study\/[^/]+\/patient\/[^/]+$/,
  /^\/tickets\/[^/]+$/,
];

/** The path part of a same-origin href ("/db?studyName=X#top" → "/db"). */
function pathOf(href: string): string {
  const end = href.search(/[?#]/);
  return end >= 0 ? href.slice(0, end) : href;
}

/** True for a path of the classic application (000 §2.4), with or without its query and hash. */
export function isLegacyPath(href: string): boolean {
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const path = pathOf(href).replace(/\/+$/, "") || "/";
  return LEGACY_EXACT.has(path) || LEGACY_PATTERNS.some((pattern) => pattern.test(path));
}

/** True for an absolute http(s) address. */
export function isAbsoluteUrl(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/**
 * Where a legacy path points: under LEGACY_BASE_URL when the deployment has one, else on this site (which then
 * answers that the page belongs to the classic application). Other hrefs are returned unchanged.
 */
export function resolveLegacyHref(href: string, legacyBaseUrl: string | null | undefined): string {
  if (!legacyBaseUrl || !isLegacyPath(href)) return href;
  return `${legacyBaseUrl.replace(/\/+$/, "")}${href}`;
}

/**
 * True when an address lies outside the system: an absolute http(s) address whose origin is none of the
 * system's own (this site, the classic application, the study designer). Such links ask for confirmation first.
 */
export function isOutsideSystem(href: string, systemOrigins: readonly (string | null | undefined)[]): boolean {
  if (!isAbsoluteUrl(href)) return false;
  let origin: string;
  try {
    origin = new URL(href).origin;
  } catch {
    return true;
  }
  for (const candidate of systemOrigins) {
    if (!candidate) continue;
    try {
      if (new URL(candidate).origin === origin) return false;
    } catch {
      // not an address: not one of ours
    }
  }
  return true;
}

/** The in-app routes of the shell (under the base path /ng/). */
export const appLinks = {
  home: () => "/ng/",
  company: (companyId: string) => `/ng/companies/${seg(companyId)}`,
  study: (companyId: string, studyName: string) => `/ng/companies/${seg(companyId)}/studies/${seg(studyName)}`,
  studyPage: (companyId: string, studyName: string, page: string, query?: Query) =>
    buildHref(`/ng/companies/${seg(companyId)}/studies/${seg(studyName)}/${page}`, query),
  error: (errorMessage: string) => buildHref("/ng/error", { errorMessage }),
  /**
   * The logo: signed in, an address of the user's own, since the image depends on who asks (their company's logo,
   * or the product's mark) and a browser keeps images by address; signed out, the product logo's one address.
   */
  companyLogo: (userId?: string | null) =>
    userId ? buildHref("/ng/companyLogo", { user: userId }) : "/ng/companyLogo",
};

/**
 * Pages of this product that exist today, by name (the last segments of their address under a study or a company).
 * A header entry or a link that names one leads there; one that does not falls back to the classic application when
 * LEGACY_BASE_URL is set, and is otherwise shown as unavailable (app/lib/navigation.ts `destination`). A new page
 * registers here when it lands.
 */
export const PRODUCT_PAGES: ReadonlySet<string> = new Set<string>([
  // issue 13: the study audit list (001 §2) and the company audit list
  "audit",
  // issue 14: the Compliance & Data Quality list (001 §2)
  "cdq",
  // issue 15: the Protocol Analysis Tool's landing page (001 §2); reachable since issue 24
  "protocolAnalysisTool",
  // issue 25: CTQ identification (001 §2), where Generate CTQ and Ask AI lead
  "ctqf/identification",
]);

/** Where an entry leads: an address, or why it cannot lead anywhere in this deployment. */
export type Destination =
  { href: string; unavailable?: undefined } | { href?: undefined; unavailable: "classic" | "notYet" };

/**
 * The one decision of where a link goes (issue 9: no dead ends): the product's own page when it exists, else the
 * classic application's page when there is one (LEGACY_BASE_URL), else unavailable — "classic" when the page belongs
 * to the classic application, "notYet" when it is a page of this product still to come.
 */
export function destination(
  target: { page?: { name: string; href: string }; legacy?: string },
  legacyBaseUrl: string | null | undefined,
): Destination {
  if (target.page && PRODUCT_PAGES.has(target.page.name)) return { href: target.page.href };
  if (target.legacy && legacyBaseUrl) return { href: target.legacy };
  if (target.legacy) return { unavailable: "classic" };
  return { unavailable: "notYet" };
}
