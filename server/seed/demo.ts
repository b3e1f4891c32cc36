import fs from "node:fs";
import { eq } from "drizzle-orm";
import { appendAuditEntry } from "../audit/service";
import { companies } from "../companies/schema";
import type { Database, Db } from "../db/database";
import { appMeta } from "../db/meta-schema";
import { addNotifications } from "../notifications/service";
import { insertGrants, type NewGrant } from "../permissions/service";
import { studies } from "../studies/schema";
import { hashPassword } from "../users/passwords";
import { companyMembers, groupMembers, groups, users } from "../users/schema";
import { demoAvatarPng } from "./avatar";
import { DEMO_AUDIT_SEED_KEY, DEMO_AUDIT_SEED_VERSION, insertAuditDemoData } from "./demo-audit";
import { insertCdqDemoData } from "./demo-cdq";
import { insertCpcdDemoData } from "./demo-cpcd";
import { DEMO } from "./demo-ids";
import { insertProtocolAnalysisDemoData } from "./demo-protocol-analysis";

/**
 * Demo data for a first start on the embedded database: one company with three studies (one retired),
 * a second company that signs in through SAML, a third that signs in through OpenID Connect, and users for each kind
 * of access. The README lists them.
 * Seeding runs once per database (a marker in app_meta), so later edits by users are never undone.
 */
export const DEMO_PASSWORD = "Rbqm-Demo-2026";
const SEED_KEY = "demo-seed";
const SEED_VERSION = 1;
/** A later step, so a database seeded before it existed gains it on its next start. */
const OIDC_SEED_KEY = "demo-seed-oidc";
const OIDC_SEED_VERSION = 1;
/** The shell's demo data (issue 4): unread notifications and a profile picture, added to older demo databases too. */
const SHELL_SEED_KEY = "demo-seed-shell";
const SHELL_SEED_VERSION = 1;

/** The demo's ids and names (server/seed/demo-ids.ts), which the feature areas' seed steps and the tests use. */
export { DEMO };

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

/** Values the demo seed takes from the environment: the demo SSO companies' identity providers. */
export interface DemoSeedOptions {
  /** Contoso Trials' identity provider (DEMO_OIDC_*); from the environment when not given. */
  oidc?: { issuer: string; clientId: string };
  /** Northwind Clinical's identity provider (DEMO_SAML_*); placeholders where unset. */
  saml?: { entryPoint?: string; idpIssuer?: string; idpCertFile?: string };
}

/** Placeholders until DEMO_OIDC_ISSUER / DEMO_OIDC_CLIENT_ID name a real identity provider. */
export const DEMO_OIDC_PLACEHOLDER = { issuer: "https://login.contoso.example", clientId: "rbqm-studio" } as const;

export function demoSeedOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): Required<Pick<DemoSeedOptions, "oidc">> {
  const value = (name: string) => (env[name]?.trim() ? env[name]!.trim() : undefined);
  return {
    oidc: {
      issuer: value("DEMO_OIDC_ISSUER") ?? DEMO_OIDC_PLACEHOLDER.issuer,
      clientId: value("DEMO_OIDC_CLIENT_ID") ?? DEMO_OIDC_PLACEHOLDER.clientId,
    },
  };
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

/** Seeds what this database lacks; true when anything was added. */
export async function seedDemoData(database: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  const oidc = options.oidc ?? demoSeedOptionsFromEnv().oidc;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ssoConfig = northwindSsoConfig(options.saml);
  /**
   * Each step runs once per database, marked in app_meta under its key; a later step joins older demo databases on
   * their next start. Feature areas add their own step (server/seed/demo-<area>.ts), one line each.
   */
  const steps: { key: string; version: number; run: (tx: Db) => Promise<void> }[] = [
    { key: SEED_KEY, version: SEED_VERSION, run: (tx) => insertDemoData(tx, passwordHash, ssoConfig) },
    { key: OIDC_SEED_KEY, version: OIDC_SEED_VERSION, run: (tx) => insertOidcDemoData(tx, oidc) },
    { key: SHELL_SEED_KEY, version: SHELL_SEED_VERSION, run: insertShellDemoData },
    // issue 12, CP&CD: demo-cpcd.ts
    { key: "demo-seed-cpcd", version: 1, run: insertCpcdDemoData },

    // issue 14, Compliance & Data Quality: demo-cdq.ts
    { key: "demo-seed-cdq", version: 1, run: (tx) => insertCdqDemoData(tx) },

    // issue 15, Protocol Analysis: demo-protocol-analysis.ts
    { key: "demo-seed-protocol-analysis", version: 1, run: insertProtocolAnalysisDemoData },

    // issue 13, audit trail: last, so its demo history is the newest of the trail (the seed entries of the other
    // steps come before it).
    { key: DEMO_AUDIT_SEED_KEY, version: DEMO_AUDIT_SEED_VERSION, run: insertAuditDemoData },
  ];
  return database.withLock("rbqm:seed", async (tx) => {
    let seeded = false;
    for (const step of steps) {
      const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, step.key)).limit(1);
      if (marker) continue;
      await step.run(tx);
      await tx
        .insert(appMeta)
        .values({ key: step.key, value: { version: step.version, seededAt: new Date().toISOString() } });
      seeded = true;
    }
    return seeded;
  });
}

/** Unread notifications for the bell (the manager has more than 99) and the administrator's profile picture. */
async function insertShellDemoData(tx: Db): Promise<void> {
  const { company, studies: s, users: u } = DEMO;
  const note = (userId: string, studyId: string | null, message: string) => ({
    userId,
    companyId: company.id,
    studyId,
    message,
  });
  await addNotifications(tx, [
    note(u.admin.id, s.active.id, "The risk assessment of DEMO-001 is ready."),
    note(u.admin.id, s.active.id, "A KRI of DEMO-001 crossed its threshold."),
    note(u.admin.id, s.active.id, "A new ticket was assigned to you in DEMO-001."),
    note(u.admin.id, s.second.id, "The critical-to-quality factors of DEMO-002 are ready."),
    note(u.admin.id, null, "Welcome to the demo company."),
    ...Array.from({ length: 120 }, (_, i) =>
      note(u.manager.id, s.active.id, `Data review reminder ${i + 1} for DEMO-001.`),
    ),
    note(u.manager.id, s.second.id, "A QTL of DEMO-002 needs review."),
  ]);
  await tx
    .update(users)
    .set({ profilePictureData: demoAvatarPng(), profilePictureContentType: "image/png" })
    .where(eq(users.id, u.admin.id));
}

/** Contoso Trials: a company whose users sign in through OpenID Connect, with one user who reads everything. */
async function insertOidcDemoData(tx: Db, idp: { issuer: string; clientId: string }): Promise<void> {
  const { oidcCompany } = DEMO;
  const user = DEMO.users.oidcSso;
  const companyRow = {
    id: oidcCompany.id,
    displayName: oidcCompany.displayName,
    isProtocolAnalysisToolEnabled: false,
    ssoProtocol: "oidc",
    ssoConfig: { emailDomains: [oidcCompany.emailDomain], issuer: idp.issuer, clientId: idp.clientId },
  };
  await tx.insert(companies).values(companyRow);
  await tx.insert(users).values({ ...user, homeCompanyId: oidcCompany.id, passwordHash: null });
  await tx.insert(companyMembers).values({ companyId: oidcCompany.id, userId: user.id });
  await tx.insert(groups).values({ ...DEMO.groups.contosoReaders, companyId: oidcCompany.id });
  await tx.insert(groupMembers).values({ groupId: DEMO.groups.contosoReaders.id, userId: user.id });
  await insertGrants(
    tx,
    READ_ONLY_PATTERNS.map((pattern) => ({
      principalType: "group" as const,
      principalId: DEMO.groups.contosoReaders.id,
      scope: "company" as const,
      companyId: oidcCompany.id,
      pattern,
    })),
  );
  await appendAuditEntry(tx, {
    entryPoint: { displayText: "Demo data seeded", httpMethod: null, apiPath: null },
    level: "Company",
    companyId: oidcCompany.id,
    studyId: null,
    contextOfChange: { id: oidcCompany.id, type: "Company" },
    requester: { type: "system" },
    changes: [
      {
        before: null,
        after: { id: companyRow.id, displayName: companyRow.displayName, isProtocolAnalysisToolAEnabled: false },
      },
      { before: null, after: { id: user.id, email: user.email, displayName: user.displayName } },
    ],
    rationale: "Initial demo data",
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
  await tx
    .insert(companyMembers)
    .values([
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

  const companyGrant = (
    principalId: string,
    pattern: string,
    companyId: string = company.id,
    principalType: "user" | "group" = "user",
  ): NewGrant => ({
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
    ...READ_ONLY_PATTERNS.map((pattern) =>
      companyGrant(DEMO.groups.northwindReaders.id, pattern, ssoCompany.id, "group"),
    ),
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
        {
          before: null,
          after: {
            id: row.id,
            displayName: row.displayName,
            isProtocolAnalysisToolAEnabled: row.isProtocolAnalysisToolEnabled,
          },
        },
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
      changes: [
        {
          before: null,
          after: {
            studyName: row.name,
            displayId: row.displayId,
            displayName: row.displayName,
            isRetired: row.isRetired,
          },
        },
      ],
      rationale: "Initial demo data",
    });
  }
}
