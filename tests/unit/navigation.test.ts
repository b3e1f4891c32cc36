import { describe, expect, it } from "vitest";
import {
  buildNav,
  companyAddresses,
  navAddresses,
  studyAddresses,
  studyEntryHref,
  type NavContext,
} from "~/lib/navigation.server";

const COMPANY = "6560de000000000000000001";
const base: NavContext = {
  companyId: COMPANY,
  study: null,
  protocolAnalysisEnabled: true,
  helpUrl: "https://help.example/articles",
  kriWikiUrl: "https://wiki.example/kri",
  studyDesignerUrl: "https://designer.example/app",
  legacyBaseUrl: "https://classic.example",
};
const atStudy: NavContext = { ...base, study: { studyName: "DEMO 1", internalStudyId: "6560de000000000000000101" } };
/** The default deployment: no classic application (LEGACY_BASE_URL unset). */
const alone: NavContext = { ...atStudy, legacyBaseUrl: null };
const all = () => true;
const none = () => false;
const only =
  (...addresses: string[]) =>
  (address: string) =>
    addresses.includes(address);
const ids = (nav: ReturnType<typeof buildNav>) => ({
  top: nav.top.map((entry) =>
    entry.kind === "link" ? entry.id : `${entry.id}[${entry.items.map((i) => i.id).join(",")}]`,
  ),
  settings: nav.settings.map((i) => i.id),
  help: nav.help.map((i) => i.id),
  user: nav.user.map((i) => i.id),
});

describe("header menus (000 §2.6, §6)", () => {
  it("offers every company-level entry, in the spec's order, when everything is allowed", () => {
    expect(ids(buildNav(base, all))).toEqual({
      top: ["studies", "riskManagement[catalogs,companyCpcd]"],
      settings: ["companySettings", "companyAudit", "studyWizard", "latestLogs", "createCompany"],
      help: ["helpArticles", "kriWiki", "feedback"],
      user: ["cfInstanceStats", "welcomePage", "configVariables"],
    });
  });

  it("offers the study top menu and the study-only settings at study level", () => {
    expect(ids(buildNav(atStudy, all))).toEqual({
      top: [
        "dashboard",
        "riskManagement[protocolAnalysis,studyCpcd,ract,risks,actions]",
        "monitoring[metrics,kris,qtls]",
        "oversight[cdq,sites,subjects,tickets]",
        "analysis[csm,dataSources,reports]",
      ],
      settings: [
        "companySettings",
        "studySettings",
        "companyAudit",
        "studyAudit",
        "studyWizard",
        "latestLogs",
        "createCompany",
      ],
      help: ["helpArticles", "kriWiki", "feedback"],
      user: ["cfInstanceStats", "welcomePage", "configVariables", "studyDesigner"],
    });
  });

  it("hides every gated entry without its permission, and menus left empty, but keeps Help Articles and Feedback", () => {
    expect(ids(buildNav(atStudy, none))).toEqual({
      top: [],
      settings: [],
      help: ["helpArticles", "feedback"],
      user: [],
    });
    expect(buildNav(atStudy, none).versionHref).toBeNull();
    expect(buildNav(atStudy, all).versionHref).toBe("/v1/system/version/admin");
  });

  it("shows one entry for exactly its own permission", () => {
    const s = studyAddresses(COMPANY, "DEMO 1");
    expect(ids(buildNav(atStudy, only(s.kris))).top).toEqual(["monitoring[kris]"]);
    expect(ids(buildNav(atStudy, only(s.cdq))).top).toEqual(["oversight[cdq]"]);
    expect(ids(buildNav(atStudy, only(companyAddresses(COMPANY).latestLogs))).settings).toEqual(["latestLogs"]);
  });

  it("shows Protocol Analysis to whoever may open its landing page: the study, with the company's tool on (001 §6)", () => {
    const s = studyAddresses(COMPANY, "DEMO 1");
    // Issue 24, defect 1: a monitor (study read access, no start permission) reaches the landing page too.
    expect(ids(buildNav(atStudy, only(s.study))).top).toEqual(["riskManagement[protocolAnalysis]"]);
    const [riskAssessment, ctq] = s.protocolAnalysis;
    expect(ids(buildNav(atStudy, only(riskAssessment!))).top).toEqual(["riskManagement[protocolAnalysis]"]);
    expect(ids(buildNav(atStudy, only(ctq!))).top).toEqual(["riskManagement[protocolAnalysis]"]);
    expect(ids(buildNav(atStudy, only(s.kris))).top).toEqual(["monitoring[kris]"]);
    expect(ids(buildNav({ ...atStudy, protocolAnalysisEnabled: false }, only(s.study))).top).toEqual([]);
  });

  it("leaves out entries whose address is not configured", () => {
    const nav = buildNav({ ...atStudy, helpUrl: null, kriWikiUrl: null, studyDesignerUrl: null }, all);
    expect(ids(nav).help).toEqual(["feedback"]);
    expect(ids(nav).settings).not.toContain("studyWizard");
    expect(ids(nav).user).not.toContain("studyDesigner");
  });

  it("builds the addresses of legacy pages, in-app pages and external tools", () => {
    const nav = buildNav(atStudy, all);
    const find = (id: string) =>
      [...nav.top.flatMap((e) => (e.kind === "link" ? [e] : e.items)), ...nav.settings, ...nav.help, ...nav.user].find(
        (i) => i.id === id,
      )!;
    expect(find("dashboard").href).toBe("/db?studyName=DEMO+1");
    expect(find("subjects").href).toBe("/patients/study/DEMO%201");
    // A page of this product that exists leads there; the study audit has the classic page meanwhile.
    expect(find("cdq").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/cdq`);
    expect(find("protocolAnalysis").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/protocolAnalysisTool`);
    expect(find("studyAudit").href).toBe("/auditManager?studyName=DEMO+1");
    expect(find("studyCpcd").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/cpcd`);
    expect(find("companyAudit").href).toBe("/companyAuditManager");
    expect(find("welcomePage").href).toBe("/yourAccount?welcome");
    expect(find("studyDesigner")).toMatchObject({
      href: `https://designer.example/app?companyId=${COMPANY}&studyName=DEMO+1&internalStudyId=6560de000000000000000101`,
      newTab: true,
    });
    expect(find("studyWizard")).toMatchObject({
      href: `https://designer.example/app/wizard?companyId=${COMPANY}`,
      newTab: true,
    });
    expect(find("helpArticles")).toMatchObject({ href: "https://help.example/articles", newTab: true });
  });

  it("asks about every gated address once, settings or not, sorted", () => {
    const addresses = navAddresses(COMPANY, "DEMO 1");
    expect(addresses).toEqual([...new Set(addresses)].sort());
    expect(addresses).toContain(studyAddresses(COMPANY, "DEMO 1").studyDesigner);
    expect(addresses).toContain(companyAddresses(COMPANY).kriWiki);
    expect(addresses).toContain("api/v1/system/version/admin/get");
    expect(navAddresses(COMPANY)).not.toContain(studyAddresses(COMPANY, "DEMO 1").dashboard);
    for (const address of addresses) expect(address.startsWith("api/")).toBe(true);
  });
});

describe("study dropdown entries (000 §2.6)", () => {
  const s = studyAddresses(COMPANY, "S1");
  it("link to the Dashboard if permitted, else to RACT, else nowhere (with the classic application)", () => {
    expect(studyEntryHref(COMPANY, "S1", all, "https://classic.example")).toBe("/db?studyName=S1");
    expect(studyEntryHref(COMPANY, "S1", only(s.ract), "https://classic.example")).toBe("/riskAssessment?studyName=S1");
    expect(studyEntryHref(COMPANY, "S1", none, "https://classic.example")).toBeNull();
  });

  it("without the classic application, lead to the study's overview in this product (issue 9)", () => {
    expect(studyEntryHref(COMPANY, "S1", all, null)).toBe(`/ng/companies/${COMPANY}/studies/S1`);
    expect(studyEntryHref(COMPANY, "S1", only(s.ract), null)).toBe(`/ng/companies/${COMPANY}/studies/S1`);
    expect(studyEntryHref(COMPANY, "S1", none, null)).toBeNull();
  });
});

describe("no dead ends without the classic application (issue 9)", () => {
  const entries = (nav: ReturnType<typeof buildNav>) => [
    ...nav.top.flatMap((e) => (e.kind === "link" ? [e] : e.items)),
    ...nav.settings,
    ...nav.help,
    ...nav.user,
  ];
  it("every classic page is shown unavailable, with no address; in-app and outside entries keep theirs", () => {
    const nav = buildNav(alone, all);
    for (const entry of entries(nav)) {
      if (entry.href === undefined) expect(entry.unavailable, entry.id).toMatch(/^(classic|notYet)$/);
      else expect(entry.href.startsWith("/ng/") || entry.href.startsWith("https://"), entry.id).toBe(true);
    }
    const find = (id: string) => entries(nav).find((i) => i.id === id)!;
    expect(find("dashboard")).toMatchObject({ unavailable: "classic" });
    // The audit lists of this product (issue 13) take the place of the classic audit pages.
    expect(find("studyAudit").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/audit`);
    expect(find("companyAudit").href).toBe(`/ng/companies/${COMPANY}/audit`);
    expect(find("cdq").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/cdq`);
    expect(find("feedback")).toMatchObject({ unavailable: "classic" });
    expect(find("helpArticles").href).toBe("https://help.example/articles");
    expect(nav.versionHref).toBeNull();
  });

  it("the same entries are permitted either way: only where they lead differs", () => {
    const ids = (nav: ReturnType<typeof buildNav>) => entries(nav).map((e) => e.id);
    expect(ids(buildNav(alone, all))).toEqual(ids(buildNav(atStudy, all)));
  });
});

describe("Company CP&CD (issue 12)", () => {
  const companyLevel = { ...base, study: null };
  const find = (nav: ReturnType<typeof buildNav>) =>
    nav.top.flatMap((e) => (e.kind === "link" ? [e] : e.items)).find((i) => i.id === "companyCpcd");

  it("leads to this product's company CP&CD page without the classic application, to the classic page with it", () => {
    expect(find(buildNav({ ...companyLevel, legacyBaseUrl: null }, all))).toMatchObject({
      href: `/ng/companies/${COMPANY}/cpcd`,
    });
    expect(find(buildNav({ ...companyLevel, legacyBaseUrl: null }, all))?.unavailable).toBeUndefined();
    expect(find(buildNav(companyLevel, all))?.href).toBe("/admin/cpcdConfig");
  });

  it("is gated by the company critical processes' get call either way", () => {
    const gate = only(companyAddresses(COMPANY).companyCpcd);
    expect(find(buildNav({ ...companyLevel, legacyBaseUrl: null }, gate))).toBeDefined();
    expect(find(buildNav({ ...companyLevel, legacyBaseUrl: null }, none))).toBeUndefined();
  });
});

describe("addresses made once per process (ADR 0057)", () => {
  it("gives each company and study its own addresses, the same frozen ones when asked again", () => {
    const first = navAddresses(COMPANY, "DEMO 1");
    expect(navAddresses(COMPANY, "DEMO 1")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(navAddresses(COMPANY, "DEMO 2")).not.toEqual(first);
    expect(navAddresses("6560de000000000000000002", "DEMO 1")).not.toEqual(first);
    expect(navAddresses(COMPANY)).toEqual(navAddresses(COMPANY, null));
    expect(navAddresses(COMPANY)).not.toEqual(first);
    expect(studyAddresses(COMPANY, "DEMO 1").study).toContain("DEMO%201");
    expect(studyAddresses(COMPANY, "DEMO 2").study).toContain("DEMO%202");
    expect(companyAddresses("6560de000000000000000002").company).toContain("6560de000000000000000002");
    expect(Object.isFrozen(studyAddresses(COMPANY, "DEMO 1"))).toBe(true);
  });
});

describe("the menus made once per context (ADR 0057)", () => {
  it("builds each context's menus, whatever was built before for another", () => {
    const fresh = buildNav(alone, all);
    expect(buildNav(atStudy, all)).not.toEqual(fresh);
    expect(buildNav(alone, all)).toEqual(fresh);
    expect(buildNav({ ...alone, helpUrl: null }, all).help).not.toEqual(fresh.help);
    expect(buildNav({ ...alone, protocolAnalysisEnabled: false }, all)).not.toEqual(fresh);
    expect(buildNav({ ...alone, study: { studyName: "DEMO 1", internalStudyId: "other" } }, all)).not.toEqual(fresh);
    expect(buildNav(alone, none)).not.toEqual(fresh);
    buildNav(alone, all).top.length = 0;
    expect(buildNav(alone, all)).toEqual(fresh);
  });
});
