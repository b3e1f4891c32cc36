/**
 * The header's menus (000 §2.6, §6): every item with the permission addresses that gate it. Pure: the loaders ask
 * the API about `navAddresses(…)` in the request's one permission batch, then `buildNav(…)` keeps what is allowed.
 * Addresses of pages in the classic application are the calls those pages make, prefixed with "api" (000 §6);
 * docs/decisions/0019-application-shell.md lists them.
 */
import { auditCalls } from "@server/contracts/calls/audit";
import { cdqCalls } from "@server/contracts/calls/cdq";
import { companyCalls } from "@server/contracts/calls/companies";
import { cpcdCalls } from "@server/contracts/calls/cpcd";
import { permissionAddress as address } from "@server/contracts/calls/define";
import { productCalls } from "@server/contracts/calls/product";
import { protocolAnalysisCalls } from "@server/contracts/calls/protocol-analysis";
import { studyEntryAddresses as entryAddresses } from "@server/contracts/calls/shell";
import { studyCalls } from "@server/contracts/calls/studies";
import { appLinks, buildHref, destination, legacyLinks, type Destination } from "./links";
import type { Nav, NavContext, NavLink, TopEntry } from "./nav";

export type { Nav, NavContext, NavLink, NavMenu, TopEntry } from "./nav";

interface Gate {
  /** Any one of these suffices; an empty list needs none. */
  any: string[];
  /** A further condition (a configured address, a company setting). */
  when?: boolean;
}

/**
 * What a function of its arguments alone gives, made once per process (ADR 0057): the permission addresses and the
 * header's list of them are the same strings on every request of a company or study, and were made several times a
 * request. Only addresses are kept, never an answer about them: every request still asks the API. Bounded: the
 * oldest entry goes first. Callers never change what they get (it is frozen).
 */
const KEPT = 500;
function kept<T extends object>(memo: Map<string, Readonly<T>>, key: string, make: () => T): Readonly<T> {
  let value = memo.get(key);
  if (value === undefined) {
    value = Object.freeze(make());
    if (memo.size >= KEPT) memo.delete(memo.keys().next().value as string);
    memo.set(key, value);
  }
  return value;
}

const companyMemo = new Map<string, Readonly<ReturnType<typeof makeCompanyAddresses>>>();
const studyMemo = new Map<string, Readonly<ReturnType<typeof makeStudyAddresses>>>();
const navMemo = new Map<string, readonly string[]>();

/** The permission addresses of a company (000 §6), from the calls' definitions (server/contracts/calls). */
export const companyAddresses = (companyId: string) =>
  kept(companyMemo, companyId, () => makeCompanyAddresses(companyId));

/** The permission addresses of a study. */
export const studyAddresses = (companyId: string, studyName: string) =>
  kept(studyMemo, `${companyId}\u0000${studyName}`, () => makeStudyAddresses(companyId, studyName));

function makeCompanyAddresses(companyId: string) {
  const c = { companyId };
  const system = productCalls.system;
  return {
    company: address(companyCalls.get, c),
    studies: address(studyCalls.list, c),
    catalogs: address(productCalls.company.catalogs, c),
    companyCpcd: address(cpcdCalls.company.criticalProcesses.get, c),
    companySettings: address(productCalls.company.settings, c),
    companyAudit: address(auditCalls.company.list, c),
    studyWizard: address(productCalls.company.createStudy, c),
    latestLogs: address(system.latestLogs, {}),
    createCompany: address(system.createCompany, {}),
    kriWiki: address(system.kriWiki, {}),
    cfInstanceStats: address(system.cfInstanceStats, {}),
    welcomePage: address(system.welcomePage, {}),
    configVariables: address(system.configVariables, {}),
    version: address(system.version, {}),
  };
}

function makeStudyAddresses(companyId: string, studyName: string) {
  const s = { companyId, studyName };
  const pat = { studyName };
  const study = productCalls.study;
  return {
    study: address(studyCalls.get, s),
    dashboard: address(study.dashboard, s),
    protocolAnalysis: [
      address(protocolAnalysisCalls.startRiskAssessment, pat),
      address(protocolAnalysisCalls.startCtqIdentification, pat),
    ],
    /** The study's CP&CD page (001 §6): either list's get call. */
    studyCpcd: [address(cpcdCalls.study.criticalProcesses.get, s), address(cpcdCalls.study.criticalData.get, s)],
    ract: address(study.riskAssessment, s),
    risks: address(study.risks, s),
    actions: address(study.mitigations, s),
    metrics: address(study.metrics, s),
    kris: address(study.kris, s),
    qtls: address(study.qtls, s),
    cdq: address(cdqCalls.list, s),
    sites: address(study.sites, s),
    subjects: address(study.subjects, s),
    tickets: address(study.tickets, s),
    csm: address(study.csm, s),
    dataSources: address(study.dataSources, s),
    reports: address(study.reports, s),
    studySettings: address(study.settings, s),
    studyAudit: address(auditCalls.study.list, s),
    /** The classic study audit route (/auditManager), as its permission address: the list's alternative (001 §6). */
    studyAuditLegacy: address(study.auditManager, s),
    studyDesigner: address(study.studyDesign, s),
  };
}

/**
 * The study audit list's gate (001 §6): fetching the study's audit entries, or the legacy study audit route; either
 * one suffices. The page and the Settings → Study Audit entry ask the same.
 */
export function studyAuditListGate(companyId: string, studyName: string): { addresses: string[]; any: true } {
  const a = studyAddresses(companyId, studyName);
  return { addresses: [a.studyAudit, a.studyAuditLegacy], any: true };
}

/** Where a study-list entry goes: the Dashboard if permitted, else RACT if permitted, else nowhere (000 §2.6). */
export function studyEntryAddresses(companyId: string, studyName: string): string[] {
  // One definition with the shell call's, which asks about them on the server (ADR 0062).
  return entryAddresses(companyId, studyName);
}

export function studyEntryHref(
  companyId: string,
  studyName: string,
  allowed: (address: string) => boolean,
  legacyBaseUrl?: string | null,
): string | null {
  const a = studyAddresses(companyId, studyName);
  // Without the classic application, a study's own link leads to its overview in this product (issue 9).
  if (!legacyBaseUrl) return allowed(a.dashboard) || allowed(a.ract) ? appLinks.study(companyId, studyName) : null;
  if (allowed(a.dashboard)) return legacyLinks.study("/db", studyName);
  if (allowed(a.ract)) return legacyLinks.study("/riskAssessment", studyName);
  return null;
}

type Entry = NavLink & { gate: Gate };
type MenuSpec = { id: string; label: string; items: Entry[] };

type CompanyGates = ReturnType<typeof companyAddresses>;
type StudyGates = ReturnType<typeof studyAddresses>;
type StudyContext = NonNullable<NavContext["study"]>;

/** The ways to make an entry: a link, a classic page, or a page of this product (classic where there is one). */
function entryMakers(ctx: NavContext) {
  const item = (id: string, href: string, gate: Gate, newTab?: boolean): Entry => ({
    id,
    label: id,
    href,
    gate,
    ...(newTab ? { newTab } : {}),
  });
  // A classic page, or a page of this product, by the one rule of app/lib/links.ts `destination`.
  const linkTo = (id: string, target: Parameters<typeof destination>[0], gate: Gate): Entry => {
    const to: Destination = destination(target, ctx.legacyBaseUrl);
    return to.href !== undefined ? item(id, to.href, gate) : { id, label: id, unavailable: to.unavailable, gate };
  };
  const legacy = (id: string, href: string, gate: Gate) => linkTo(id, { legacy: href }, gate);
  const page = (id: string, pageName: string, href: string, gate: Gate, legacyHref?: string) =>
    linkTo(id, { page: { name: pageName, href }, legacy: legacyHref }, gate);
  return { item, legacy, page };
}
type EntryMakers = ReturnType<typeof entryMakers>;

function companyTop(ctx: NavContext, c: CompanyGates, { item, legacy }: EntryMakers): (Entry | MenuSpec)[] {
  return [
    item("studies", appLinks.company(ctx.companyId), { any: [c.studies] }),
    {
      id: "riskManagement",
      label: "riskManagement",
      items: [
        legacy("catalogs", legacyLinks.company("/catalogsList"), { any: [c.catalogs] }),
        // The company's CP&CD page of this product when there is no classic application, its classic page if there is
        // one (issue 12).
        ctx.legacyBaseUrl
          ? legacy("companyCpcd", legacyLinks.company("/admin/cpcdConfig"), { any: [c.companyCpcd] })
          : item("companyCpcd", `${appLinks.company(ctx.companyId)}/cpcd`, { any: [c.companyCpcd] }),
      ],
    },
  ];
}

function studyTop(ctx: NavContext, s: StudyGates, name: string, makers: EntryMakers): (Entry | MenuSpec)[] {
  const { item, legacy, page } = makers;
  return [
    legacy("dashboard", legacyLinks.study("/db", name), { any: [s.dashboard] }),
    {
      id: "riskManagement",
      label: "riskManagement",
      items: [
        page(
          "protocolAnalysis",
          "protocolAnalysisTool",
          appLinks.studyPage(ctx.companyId, name, "protocolAnalysisTool"),
          // Any of its related permissions (000 §6), the study's own among them: whoever may open the landing page
          // (001 §6: the company setting and the study) finds it; the steps there are gated one by one (issue 24).
          { any: [...s.protocolAnalysis, s.study], when: ctx.protocolAnalysisEnabled },
        ),
        // Beyond 000 §2.6 (issue 24): the study's CP&CD page, as Company CP&CD is at company level.
        item("studyCpcd", appLinks.studyPage(ctx.companyId, name, "cpcd"), { any: s.studyCpcd }),
        legacy("ract", legacyLinks.study("/riskAssessment", name), { any: [s.ract] }),
        legacy("risks", legacyLinks.study("/riskManagement", name), { any: [s.risks] }),
        legacy("actions", legacyLinks.study("/viewMitigations", name), { any: [s.actions] }),
      ],
    },
    {
      id: "monitoring",
      label: "monitoring",
      items: [
        legacy("metrics", legacyLinks.study("/metrics", name), { any: [s.metrics] }),
        legacy("kris", legacyLinks.study("/riskIndicators", name), { any: [s.kris] }),
        legacy("qtls", legacyLinks.study("/qtls", name), { any: [s.qtls] }),
      ],
    },
    {
      id: "oversight",
      label: "oversight",
      items: [
        page("cdq", "cdq", appLinks.studyPage(ctx.companyId, name, "cdq"), { any: [s.cdq] }),
        legacy("sites", legacyLinks.study("/sites", name), { any: [s.sites] }),
        legacy("subjects", legacyLinks.subjects(name), { any: [s.subjects] }),
        legacy("tickets", legacyLinks.study("/tickets", name), { any: [s.tickets] }),
      ],
    },
    {
      id: "analysis",
      label: "analysis",
      items: [
        legacy("csm", legacyLinks.study("/CSM", name), { any: [s.csm] }),
        legacy("dataSources", legacyLinks.study("/datasources", name), { any: [s.dataSources] }),
        legacy("reports", legacyLinks.study("/reports", name), { any: [s.reports] }),
      ],
    },
  ];
}

function settingsEntries(
  ctx: NavContext,
  c: CompanyGates,
  s: StudyGates | null,
  name: string,
  { item, legacy, page }: EntryMakers,
): Entry[] {
  const designer = ctx.studyDesignerUrl;
  return [
    legacy("companySettings", legacyLinks.company("/admin/configuration"), { any: [c.companySettings] }),
    ...(s
      ? [legacy("studySettings", legacyLinks.study("/dataProcessingSetup", name), { any: [s.studySettings] })]
      : []),
    // The classic Company Audit Manager where there is one (000 §2.4); else this product's company trail (ADR 0026).
    ctx.legacyBaseUrl
      ? legacy("companyAudit", legacyLinks.company("/companyAuditManager"), { any: [c.companyAudit] })
      : page("companyAudit", "audit", `${appLinks.company(ctx.companyId)}/audit`, { any: [c.companyAudit] }),
    ...(s
      ? [
          // As Company Audit: the classic page where there is one, else this product's list (ADR 0026).
          ctx.legacyBaseUrl
            ? legacy("studyAudit", legacyLinks.study("/auditManager", name), {
                any: [s.studyAudit, s.studyAuditLegacy],
              })
            : page("studyAudit", "audit", appLinks.studyPage(ctx.companyId, name, "audit"), {
                any: [s.studyAudit, s.studyAuditLegacy],
              }),
        ]
      : []),
    item(
      "studyWizard",
      designer ? buildHref(`${designer.replace(/\/+$/, "")}/wizard`, { companyId: ctx.companyId }) : "",
      {
        any: [c.studyWizard],
        when: designer !== null,
      },
      true,
    ),
    legacy("latestLogs", legacyLinks.company("/admin/latestLogs"), { any: [c.latestLogs] }),
    legacy("createCompany", legacyLinks.company("/companyCreation"), { any: [c.createCompany] }),
  ];
}

function helpEntries(ctx: NavContext, c: CompanyGates, { item, legacy }: EntryMakers): Entry[] {
  return [
    item("helpArticles", ctx.helpUrl ?? "", { any: [], when: ctx.helpUrl !== null }, true),
    item("kriWiki", ctx.kriWikiUrl ?? "", { any: [c.kriWiki], when: ctx.kriWikiUrl !== null }, true),
    legacy("feedback", legacyLinks.company("/feedback"), { any: [] }),
  ];
}

function userEntries(
  ctx: NavContext,
  c: CompanyGates,
  studyGates: { s: StudyGates; study: StudyContext } | null,
  { item, legacy }: EntryMakers,
): Entry[] {
  const designer = ctx.studyDesignerUrl;
  return [
    legacy("cfInstanceStats", legacyLinks.company("/admin/cfInstanceStats"), { any: [c.cfInstanceStats] }),
    legacy("welcomePage", "/yourAccount?welcome", { any: [c.welcomePage] }),
    legacy("configVariables", legacyLinks.company("/admin/configVariables"), { any: [c.configVariables] }),
    ...(studyGates
      ? [
          item(
            "studyDesigner",
            designer
              ? buildHref(designer, {
                  companyId: ctx.companyId,
                  studyName: studyGates.study.studyName,
                  internalStudyId: studyGates.study.internalStudyId,
                })
              : "",
            { any: [studyGates.s.studyDesigner], when: designer !== null },
            true,
          ),
        ]
      : []),
  ];
}

function spec(ctx: NavContext) {
  const c = companyAddresses(ctx.companyId);
  const study = ctx.study ?? null;
  const s = study ? studyAddresses(ctx.companyId, study.studyName) : null;
  const name = study?.studyName ?? "";
  const makers = entryMakers(ctx);
  return {
    top: s ? studyTop(ctx, s, name, makers) : companyTop(ctx, c, makers),
    settings: settingsEntries(ctx, c, s, name, makers),
    help: helpEntries(ctx, c, makers),
    user: userEntries(ctx, c, s && study ? { s, study } : null, makers),
    version: c.version,
  };
}

/** Every address the header asks about for a company, or a study of it. */
export const navAddresses = (companyId: string, studyName?: string | null): readonly string[] =>
  kept(navMemo, `${companyId}\u0000${studyName ?? ""}`, () => makeNavAddresses(companyId, studyName));

function makeNavAddresses(companyId: string, studyName?: string | null): string[] {
  const ctx: NavContext = {
    companyId,
    study: studyName ? { studyName, internalStudyId: "" } : null,
    protocolAnalysisEnabled: true,
    helpUrl: "",
    kriWikiUrl: "",
    studyDesignerUrl: "",
  };
  const { top, settings, help, user, version } = spec(ctx);
  const gates: Gate[] = [];
  for (const entry of top) {
    if ("items" in entry) gates.push(...entry.items.map((i) => i.gate));
    else gates.push(entry.gate);
  }
  for (const list of [settings, help, user]) gates.push(...list.map((i) => i.gate));
  const addresses = new Set<string>([version]);
  // Asked regardless of `when`: the conditions (configured addresses, company settings) only hide items, and asking
  // without them lets a loader ask before it has loaded the settings.
  for (const gate of gates) for (const address of gate.any) addresses.add(address);
  return [...addresses].sort();
}

const specMemo = new Map<string, Readonly<ReturnType<typeof spec> & { versionLink: string | null }>>();

/**
 * The menus' entries and gates for a context, made once per process and context (ADR 0057): every field of the
 * context is in the key. buildNav reads them and makes new objects; nothing changes them.
 */
function specOf(ctx: NavContext) {
  // Every field, named (a field added to NavContext fails to compile here until it is in the key).
  const fields: { [K in keyof Required<NavContext>]: unknown } = {
    companyId: ctx.companyId,
    study: ctx.study ? [ctx.study.studyName, ctx.study.internalStudyId] : null,
    protocolAnalysisEnabled: ctx.protocolAnalysisEnabled,
    helpUrl: ctx.helpUrl,
    kriWikiUrl: ctx.kriWikiUrl,
    studyDesignerUrl: ctx.studyDesignerUrl,
    legacyBaseUrl: ctx.legacyBaseUrl ?? null,
  };
  const key = JSON.stringify(fields);
  return kept(specMemo, key, () => ({
    ...spec(ctx),
    versionLink:
      destination({ legacy: legacyLinks.company("/v1/system/version/admin") }, ctx.legacyBaseUrl).href ?? null,
  }));
}

/** The menus as the user may see them: items without permission are left out, and so are menus left empty. */
export function buildNav(ctx: NavContext, allowed: (address: string) => boolean): Nav {
  const { top, settings, help, user, version, versionLink } = specOf(ctx);
  const open = (gate: Gate) => gate.when !== false && (gate.any.length === 0 || gate.any.some(allowed));
  const strip = ({ gate: _gate, ...link }: Entry): NavLink => link;
  const visible = (list: Entry[]) => list.filter((i) => open(i.gate)).map(strip);
  const topEntries: TopEntry[] = [];
  for (const entry of top) {
    if ("items" in entry) {
      const items = visible(entry.items);
      if (items.length > 0) topEntries.push({ kind: "menu", id: entry.id, label: entry.label, items });
    } else if (open(entry.gate)) topEntries.push({ kind: "link", ...strip(entry) });
  }
  return {
    top: topEntries,
    settings: visible(settings),
    help: visible(help),
    user: visible(user),
    versionHref: allowed(version) ? versionLink : null,
  };
}
