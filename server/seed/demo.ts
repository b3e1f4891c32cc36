import fs from "node:fs";
import { eq } from "drizzle-orm";
import { appendAuditEntry } from "../audit/service";
import { companies } from "../companies/schema";
import type { Database, Db } from "../db/database";
import { appMeta } from "../db/meta-schema";
import { insertGrants, type NewGrant } from "../permissions/service";
import { studies } from "../studies/schema";
import { hashPassword } from "../users/passwords";
import { companyMembers, groupMembers, groups, users } from "../users/schema";

/**
 * Demo data for a first start on the embedded database: one company with three studies (one retired),
 * a second company that signs in through SAML, and users for each kind of access. The README lists them.
 * Seeding runs once per database (a marker in app_meta), so later edits by users are never undone.
 */
export const DEMO_PASSWORD = "Rbqm-Demo-2026";
const SEED_KEY = "demo-seed";
const SEED_VERSION = 1;

export const DEMO = {
  company: { id: "6560de000000000000000001", displayName: "Demo Pharma" },
  ssoCompany: { id: "6560de000000000000000002", displayName: "Northwind Clinical" },
  studies: {
    active: { id: "6560de000000000000000101", name: "DEMO001", displayId: "DEMO-001", displayName: "ACE-221 Hypertension Phase II" },
    second: { id: "6560de000000000000000102", name: "DEMO002", displayId: "DEMO-002", displayName: "ONC-450 Oncology Phase III" },
    retired: { id: "6560de000000000000000103", name: "LEGACY2019", displayId: "LEG-2019", displayName: "AST-19 Asthma Phase II (closed)" },
    northwind: { id: "6560de000000000000000104", name: "NW001", displayId: "NW-001", displayName: "GLU-7 Diabetes Phase I" },
  },
  users: {
    admin: { id: "6560de000000000000000201", email: "admin@demo-pharma.example", displayName: "Ada Admin" },
    manager: { id: "6560de000000000000000202", email: "manager@demo-pharma.example", displayName: "Sam Manager" },
    monitor: { id: "6560de000000000000000203", email: "monitor@demo-pharma.example", displayName: "Mona Monitor" },
    noAccess: { id: "6560de000000000000000204", email: "noaccess@demo-pharma.example", displayName: "Nico No-Access" },
    mfa: { id: "6560de000000000000000205", email: "mfa@demo-pharma.example", displayName: "Mia Code" },
    blocked: { id: "6560de000000000000000206", email: "blocked@demo-pharma.example", displayName: "Bea Blocked" },
    sso: { id: "6560de000000000000000207", email: "sso@northwind.example", displayName: "Sol Single-Sign-On" },
  },
  groups: {
    monitors: { id: "6560de000000000000000301", displayName: "Monitors" },
    northwindReaders: { id: "6560de000000000000000302", displayName: "Northwind readers" },
  },
} as const;

/** Read access to a company and all its studies: every ".../get" call. */
export const READ_ONLY_PATTERNS = [
  "api/companies/{companyId}/get",
  "api/companies/{companyId}/users/get",
  "api/companies/{companyId}/studies/get",
  "api/companies/{companyId}/studies/{studyName}/get",
  "api/companies/{companyId}/studies/{studyName}/**/get",
  "api/companies/{companyId}/auditLogs/*/get",
  "api/studies/{studyName}/**/getResults",
  "api/files/get/*",
];

export interface DemoSeedOptions {
  /** Northwind Clinical's identity provider (DEMO_SAML_*); placeholders where unset. */
  saml?: { entryPoint?: string; idpIssuer?: string; idpCertFile?: string };
}

/** Northwind's sso_config (docs/decisions/0014-saml-single-sign-on.md). A demo machine has no real IdP. */
function northwindSsoConfig(saml: DemoSeedOptions["saml"] = {}): Record<string, unknown> {
  return {
    emailDomains: ["northwind.example"],
    entryPoint: saml.entryPoint ?? "https://idp.northwind.example/saml/sso",
    idpIssuer: saml.idpIssuer ?? "https://idp.northwind.example/",
    idpCert: saml.idpCertFile ? fs.readFileSync(saml.idpCertFile, "utf8") : "not-configured",
  };
}

export async function seedDemoData(database: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ssoConfig = northwindSsoConfig(options.saml);
  return database.withLock("rbqm:seed", async (tx) => {
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
    if (marker) return false;
    await insertDemoData(tx, passwordHash, ssoConfig);
    await tx.insert(appMeta).values({ key: SEED_KEY, value: { version: SEED_VERSION, seededAt: new Date().toISOString() } });
    return true;
  });
}

async function insertDemoData(tx: Db, passwordHash: string, ssoConfig: Record<string, unknown>): Promise<void> {
  const { company, ssoCompany } = DEMO;
  const companyRows = [
    { id: company.id, displayName: company.displayName, isProtocolAnalysisToolEnabled: true },
    {
      id: ssoCompany.id,
      displayName: ssoCompany.displayName,
      isProtocolAnalysisToolEnabled: false,
      ssoProtocol: "saml",
      ssoConfig,
    },
  ];
  await tx.insert(companies).values(companyRows);

  const s = DEMO.studies;
  const studyRows = [
    { ...s.active, companyId: company.id, isRetired: false },
    { ...s.second, companyId: company.id, isRetired: false },
    { ...s.retired, companyId: company.id, isRetired: true },
    { ...s.northwind, companyId: ssoCompany.id, isRetired: false },
  ];
  await tx.insert(studies).values(studyRows);

  const u = DEMO.users;
  const demoPharmaUsers = [u.admin, u.manager, u.monitor, u.noAccess, u.mfa, u.blocked];
  const userRows = [
    ...demoPharmaUsers.map((user) => ({
      ...user,
      homeCompanyId: company.id,
      passwordHash,
      passwordChangedAt: new Date(),
      mfaByEmail: user.id === u.mfa.id,
      isBlocked: user.id === u.blocked.id,
    })),
    { ...u.sso, homeCompanyId: ssoCompany.id, passwordHash: null, ssoSubject: u.sso.email },
  ];
  await tx.insert(users).values(userRows);
  await tx.insert(companyMembers).values([
    ...demoPharmaUsers.map((user) => ({ companyId: company.id, userId: user.id })),
    { companyId: ssoCompany.id, userId: u.sso.id },
  ]);

  await tx.insert(groups).values([
    { ...DEMO.groups.monitors, companyId: company.id },
    { ...DEMO.groups.northwindReaders, companyId: ssoCompany.id },
  ]);
  await tx.insert(groupMembers).values([
    { groupId: DEMO.groups.monitors.id, userId: u.monitor.id },
    { groupId: DEMO.groups.monitors.id, userId: u.mfa.id },
    { groupId: DEMO.groups.northwindReaders.id, userId: u.sso.id },
  ]);

  const companyGrant = (principalId: string, pattern: string, companyId: string = company.id, principalType: "user" | "group" = "user"): NewGrant => ({
    principalType,
    principalId,
    scope: "company",
    companyId,
    pattern,
  });
  const studyGrant = (principalId: string, studyId: string, pattern: string): NewGrant => ({
    principalType: "user",
    principalId,
    scope: "study",
    companyId: company.id,
    studyId,
    pattern,
  });
  await insertGrants(tx, [
    // The company administrator may call everything within Demo Pharma.
    companyGrant(u.admin.id, "api/**"),
    // The study manager sees the company and its study list, and manages two studies.
    companyGrant(u.manager.id, "api/companies/{companyId}/get"),
    companyGrant(u.manager.id, "api/companies/{companyId}/users/get"),
    companyGrant(u.manager.id, "api/companies/{companyId}/studies/get"),
    ...[s.active.id, s.second.id].flatMap((studyId) => [
      studyGrant(u.manager.id, studyId, "api/companies/{companyId}/studies/{studyName}/**"),
      studyGrant(u.manager.id, studyId, "api/studies/{studyName}/**"),
    ]),
    // Monitors (a group) read everything in Demo Pharma and change nothing.
    ...READ_ONLY_PATTERNS.map((pattern) => companyGrant(DEMO.groups.monitors.id, pattern, company.id, "group")),
    ...READ_ONLY_PATTERNS.map((pattern) => companyGrant(DEMO.groups.northwindReaders.id, pattern, ssoCompany.id, "group")),
  ]);

  // The seeding itself is on the record, like every other change.
  const seedEntry = { displayText: "Demo data seeded", httpMethod: null, apiPath: null };
  for (const row of companyRows) {
    await appendAuditEntry(tx, {
      entryPoint: seedEntry,
      level: "Company",
      companyId: row.id,
      studyId: null,
      contextOfChange: { id: row.id, type: "Company" },
      requester: { type: "system" },
      changes: [
        { before: null, after: { id: row.id, displayName: row.displayName, isProtocolAnalysisToolAEnabled: row.isProtocolAnalysisToolEnabled } },
        ...userRows
          .filter((user) => user.homeCompanyId === row.id)
          .map((user) => ({ before: null, after: { id: user.id, email: user.email, displayName: user.displayName } })),
      ],
      rationale: "Initial demo data",
    });
  }
  for (const row of studyRows) {
    await appendAuditEntry(tx, {
      entryPoint: seedEntry,
      level: "Study",
      companyId: row.companyId,
      studyId: row.id,
      contextOfChange: { id: row.id, type: "Study", extraInfo: { displayId: row.displayId } },
      requester: { type: "system" },
      changes: [{ before: null, after: { studyName: row.name, displayId: row.displayId, displayName: row.displayName, isRetired: row.isRetired } }],
      rationale: "Initial demo data",
    });
  }
}
