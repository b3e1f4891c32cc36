import { describe, expect, it } from "vitest";
import { buildNav, companyAddresses, navAddresses, studyAddresses, studyEntryHref, type NavContext } from "~/lib/navigation";

const COMPANY = "6560de000000000000000001";
const base: NavContext = {
  companyId: COMPANY,
  study: null,
  protocolAnalysisEnabled: true,
  helpUrl: "https://help.example/articles",
  kriWikiUrl: "https://wiki.example/kri",
  studyDesignerUrl: "https://designer.example/app",
};
const atStudy: NavContext = { ...base, study: { studyName: "DEMO 1", internalStudyId: "6560de000000000000000101" } };
const all = () => true;
const none = () => false;
const only = (...addresses: string[]) => (address: string) => addresses.includes(address);
const ids = (nav: ReturnType<typeof buildNav>) => ({
  top: nav.top.map((entry) => (entry.kind === "link" ? entry.id : `${entry.id}[${entry.items.map((i) => i.id).join(",")}]`)),
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
        "riskManagement[protocolAnalysis,ract,risks,actions]",
        "monitoring[metrics,kris,qtls]",
        "oversight[cdq,sites,subjects,tickets]",
        "analysis[csm,dataSources,reports]",
      ],
      settings: ["companySettings", "studySettings", "companyAudit", "studyAudit", "studyWizard", "latestLogs", "createCompany"],
      help: ["helpArticles", "kriWiki", "feedback"],
      user: ["cfInstanceStats", "welcomePage", "configVariables", "studyDesigner"],
    });
  });

  it("hides every gated entry without its permission, and menus left empty, but keeps Help Articles and Feedback", () => {
    expect(ids(buildNav(atStudy, none))).toEqual({ top: [], settings: [], help: ["helpArticles", "feedback"], user: [] });
    expect(buildNav(atStudy, none).versionHref).toBeNull();
    expect(buildNav(atStudy, all).versionHref).toBe("/v1/system/version/admin");
  });

  it("shows one entry for exactly its own permission", () => {
    const s = studyAddresses(COMPANY, "DEMO 1");
    expect(ids(buildNav(atStudy, only(s.kris))).top).toEqual(["monitoring[kris]"]);
    expect(ids(buildNav(atStudy, only(s.cdq))).top).toEqual(["oversight[cdq]"]);
    expect(ids(buildNav(atStudy, only(companyAddresses(COMPANY).latestLogs))).settings).toEqual(["latestLogs"]);
  });

  it("shows Protocol Analysis for any one of its permissions, and only when the company enabled the tool (001 §6)", () => {
    const [riskAssessment, ctq] = studyAddresses(COMPANY, "DEMO 1").protocolAnalysis;
    expect(ids(buildNav(atStudy, only(riskAssessment!))).top).toEqual(["riskManagement[protocolAnalysis]"]);
    expect(ids(buildNav(atStudy, only(ctq!))).top).toEqual(["riskManagement[protocolAnalysis]"]);
    expect(ids(buildNav({ ...atStudy, protocolAnalysisEnabled: false }, only(riskAssessment!))).top).toEqual([]);
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
      [...nav.top.flatMap((e) => (e.kind === "link" ? [e] : e.items)), ...nav.settings, ...nav.help, ...nav.user].find((i) => i.id === id)!;
    expect(find("dashboard").href).toBe("/db?studyName=DEMO+1");
    expect(find("subjects").href).toBe("/patients/study/DEMO%201");
    expect(find("cdq").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/cdq`);
    expect(find("protocolAnalysis").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/protocolAnalysisTool`);
    expect(find("studyAudit").href).toBe(`/ng/companies/${COMPANY}/studies/DEMO%201/audit`);
    expect(find("welcomePage").href).toBe("/yourAccount?welcome");
    expect(find("studyDesigner")).toMatchObject({
      href: `https://designer.example/app?companyId=${COMPANY}&studyName=DEMO+1&internalStudyId=6560de000000000000000101`,
      newTab: true,
    });
    expect(find("studyWizard")).toMatchObject({ href: `https://designer.example/app/wizard?companyId=${COMPANY}`, newTab: true });
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
  it("link to the Dashboard if permitted, else to RACT, else nowhere", () => {
    expect(studyEntryHref(COMPANY, "S1", all)).toBe("/db?studyName=S1");
    expect(studyEntryHref(COMPANY, "S1", only(s.ract))).toBe("/riskAssessment?studyName=S1");
    expect(studyEntryHref(COMPANY, "S1", none)).toBeNull();
  });
});
