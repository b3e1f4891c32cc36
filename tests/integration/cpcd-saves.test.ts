import { auditEntries, companies } from "@server/db/schema";
import { DEMO } from "@server/seed/demo";
import { DEMO_COMPANY_PROCESSES, DEMO_STUDY_DATA, DEMO_STUDY_PROCESSES } from "@server/seed/demo-cpcd";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 24: a CP&CD save that changes nothing writes no audit entry (defect 10), and every save carries a rationale
 * into its audit entry, required when the company says so (ADR 0044).
 */
const company = `/api/companies/${DEMO.company.id}`;
const study = `${company}/studies/${DEMO.studies.active.name}`;

describe.each(dbKinds())("CP&CD saves and their audit entries on %s", (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    admin = await api.token(DEMO.users.admin.id);
  });
  afterAll(async () => api?.close());

  const post = async (path: string, json: unknown = {}) => {
    const response = await api.call("POST", path, { token: admin, json });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const entries = async () => api.database.db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
  const version = async (path: string) => (await post(`${path}/get`)).body.version as number;
  const requireRationale = async (required: boolean) =>
    api.database.db
      .update(companies)
      .set({ isCpcdRationaleRequired: required })
      .where(eq(companies.id, DEMO.company.id));

  it("a save of the list as it is stores nothing, keeps the version and writes no audit entry", async () => {
    const before = (await entries()).length;
    for (const [path, items, field] of [
      [`${study}/criticalProcesses`, DEMO_STUDY_PROCESSES, "criticalProcesses"],
      [`${study}/criticalData`, DEMO_STUDY_DATA, "criticalData"],
      [`${company}/criticalProcesses`, DEMO_COMPANY_PROCESSES, "criticalProcesses"],
    ] as const) {
      const at = await version(path);
      // The same items, as a client sends them: untrimmed, in the same order.
      const sent = (items as readonly object[]).map((item) => ({ ...item }));
      const saved = await post(`${path}/save`, { [field]: sent, version: at, rationaleForChange: "No change" });
      expect(saved, path).toEqual({ status: 200, body: { isSuccess: true, version: at, changed: false } });
      expect(await version(path)).toBe(at);
    }
    expect((await entries()).length).toBe(before);
    // An import of items already there, overwriting them with themselves, changes nothing either.
    const imported = await post(`${study}/criticalProcesses/import`, {
      criticalProcesses: DEMO_STUDY_PROCESSES.slice(0, 2),
      overwrite: true,
      rationaleForChange: "Same again",
    });
    expect(imported.body.changed).toBe(false);
    expect((await entries()).length).toBe(before);
  });

  it("a save that changes the list writes one entry, with the rationale given (trimmed), or none", async () => {
    const path = `${study}/criticalProcesses`;
    const changed = [...DEMO_STUDY_PROCESSES, { title: "Rationale check", details: "" }];
    const saved = await post(`${path}/save`, {
      criticalProcesses: changed,
      version: await version(path),
      rationaleForChange: "  Inspector asked for it  ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toBe(true);
    const entry = (await entries()).at(-1)!;
    expect(entry.rationale).toBe("Inspector asked for it");
    expect(entry.dataChanges).toHaveLength(1);

    const without = await post(`${path}/save`, {
      criticalProcesses: DEMO_STUDY_PROCESSES,
      version: await version(path),
    });
    expect(without.status).toBe(200);
    expect((await entries()).at(-1)!.rationale).toBeNull();
  });

  it("a company that requires a rationale refuses a save without one (400, nothing stored), takes one with it", async () => {
    await requireRationale(true);
    try {
      for (const path of [`${study}/criticalData`, `${company}/criticalProcesses`]) {
        const field = path.endsWith("criticalData") ? "criticalData" : "criticalProcesses";
        const items = field === "criticalData" ? [{ label: "Needs a reason", isCritical: true }] : [{ title: "Why" }];
        const before = (await entries()).length;
        const at = await version(path);
        for (const rationaleForChange of [undefined, null, "   "]) {
          const refused = await post(`${path}/save`, { [field]: items, version: at, rationaleForChange });
          expect(refused.status, `${path} ${String(rationaleForChange)}`).toBe(400);
          expect(refused.body.detail).toBe("A rationale for the change is required");
        }
        expect(await version(path)).toBe(at);
        expect((await entries()).length).toBe(before);
        const taken = await post(`${path}/save`, { [field]: items, version: at, rationaleForChange: "Agreed" });
        expect(taken.status).toBe(200);
        expect((await entries()).at(-1)!.rationale).toBe("Agreed");
      }
      expect((await post(`${study}/criticalData/get`)).body.isRationaleRequired).toBe(true);
    } finally {
      await requireRationale(false);
    }
  });
});
