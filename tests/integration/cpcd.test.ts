import { newId } from "@server/db/ids";
import { auditEntries, criticalData, criticalProcesses, cpcdLists } from "@server/db/schema";
import { DEMO } from "@server/seed/demo";
import {
  DEMO_COMPANY_DATA,
  DEMO_COMPANY_PROCESSES,
  DEMO_STUDY_DATA,
  DEMO_STUDY_PROCESSES,
} from "@server/seed/demo-cpcd";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/** Issue 12: the criticalProcesses/criticalData calls of 001 §7, on a real database. */
const company = `/api/companies/${DEMO.company.id}`;
const study = (name: string = DEMO.studies.active.name) => `${company}/studies/${name}`;
const emptyStudy = study(DEMO.studies.second.name);

describe.each(dbKinds())("CP&CD API on %s", (kind) => {
  let api: TestApi;
  let admin: string;
  let monitor: string;
  let noAccess: string;
  beforeAll(async () => {
    api = await startTestApi(kind);
    [admin, monitor, noAccess] = await Promise.all([
      api.token(DEMO.users.admin.id),
      api.token(DEMO.users.monitor.id),
      api.token(DEMO.users.noAccess.id),
    ]);
  });
  afterAll(async () => api?.close());

  const post = async (path: string, json: unknown = {}, token = admin) => {
    const response = await api.call("POST", path, { token, json });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { value?: unknown } };
  };
  const auditCount = async () => (await api.database.db.select({ id: auditEntries.id }).from(auditEntries)).length;
  const lastAudit = async () =>
    (await api.database.db.select().from(auditEntries).orderBy(asc(auditEntries.seq))).at(-1)!;
  const pairs = (entry: { dataChanges: { before: string | null; after: string | null }[] }) =>
    entry.dataChanges.map((c) => ({
      before: c.before === null ? null : JSON.parse(c.before),
      after: c.after === null ? null : JSON.parse(c.after),
    }));

  it("get: the demo lists in their order, a study's data with isCritical, a company's without", async () => {
    const cp = await post(`${study()}/criticalProcesses/get`);
    expect(cp.status).toBe(200);
    expect(cp.body.value).toEqual(DEMO_STUDY_PROCESSES);
    expect(cp.body.version).toBe(1);
    expect((await post(`${study()}/criticalData/get`)).body.value).toEqual(DEMO_STUDY_DATA);
    expect((await post(`${company}/criticalProcesses/get`)).body.value).toEqual(DEMO_COMPANY_PROCESSES);
    const companyData = (await post(`${company}/criticalData/get`)).body.value as object[];
    expect(companyData).toEqual(DEMO_COMPANY_DATA);
    expect(companyData.every((item) => !("isCritical" in item))).toBe(true);
    expect(await post(`${emptyStudy}/criticalProcesses/get`)).toEqual({
      status: 200,
      body: { value: [], version: 0, isRationaleRequired: false },
    });
  });

  it("save: every validation rule, answered 400 with the field, and nothing stored", async () => {
    const before = await auditCount();
    const cases: [unknown, string, string][] = [
      [{ criticalProcesses: [{ title: "  ", details: "x" }], version: 0 }, "criticalProcesses.0.title", "Required"],
      [{ criticalProcesses: [{ details: "x" }], version: 0 }, "criticalProcesses.0.title", "Required"],
      [
        { criticalProcesses: [{ title: "Consent" }, { title: " CONSENT " }], version: 0 },
        "criticalProcesses.1.title",
        "This title already exists",
      ],
      [{ criticalProcesses: [{ title: "x".repeat(201) }], version: 0 }, "criticalProcesses.0.title", "At most 200"],
      [
        { criticalProcesses: [{ title: "A", details: "d".repeat(2001) }], version: 0 },
        "criticalProcesses.0.details",
        "At most 2000",
      ],
      [{ criticalProcesses: [] }, "version", "version"],
      [{ criticalProcesses: "nope", version: 0 }, "criticalProcesses", ""],
    ];
    for (const [json, path, message] of cases) {
      const { status, body } = await post(`${emptyStudy}/criticalProcesses/save`, json);
      expect(status, JSON.stringify(json).slice(0, 80)).toBe(400);
      const issues = (body.additionalData as { issues: { path: string; message: string }[] }).issues;
      expect(
        issues.some((i) => i.path === path && i.message.includes(message)),
        JSON.stringify(issues),
      ).toBe(true);
    }
    const data = await post(`${emptyStudy}/criticalData/save`, {
      criticalData: [{ label: "AE" }, { label: "ae", isCritical: true }],
      version: 0,
    });
    expect(data.status).toBe(400);
    expect(await auditCount()).toBe(before);
    expect((await post(`${emptyStudy}/criticalProcesses/get`)).body).toEqual({
      value: [],
      version: 0,
      isRationaleRequired: false,
    });
  });

  it("the database itself refuses a title repeated in another case (a raw insert)", async () => {
    const db = api.database.db;
    const [list] = await db
      .select()
      .from(cpcdLists)
      .where(and(eq(cpcdLists.studyId, DEMO.studies.active.id), eq(cpcdLists.kind, "criticalProcesses")));
    const insert = (title: string) =>
      db.insert(criticalProcesses).values({ id: newId(), listId: list!.id, position: 99, title });
    await expect(insert(" informed CONSENT ")).rejects.toThrow();
    await expect(insert("   ")).rejects.toThrow();
    const [dataList] = await db
      .select()
      .from(cpcdLists)
      .where(
        and(eq(cpcdLists.companyId, DEMO.company.id), isNull(cpcdLists.studyId), eq(cpcdLists.kind, "criticalData")),
      );
    await expect(
      db.insert(criticalData).values({ id: newId(), listId: dataList!.id, position: 99, label: "DEATH" }),
    ).rejects.toThrow();
  });

  it("save replaces the list, trims, moves the version on, and audits one pair per created, changed or deleted item", async () => {
    const path = `${study()}/criticalData/save`;
    const loaded = (await post(`${study()}/criticalData/get`)).body as {
      value: typeof DEMO_STUDY_DATA;
      version: number;
    };
    const edited = loaded.value
      .filter((item) => item.label !== "Serum potassium")
      .map((item) => (item.label === "Randomisation stratum" ? { ...item, isCritical: false } : item));
    edited.push({ label: "  Week 24 SBP  ", description: " exploratory ", isCritical: true });
    const saved = await post(path, { criticalData: edited, version: loaded.version, rationaleForChange: "Review" });
    expect(saved).toEqual({ status: 200, body: { isSuccess: true, version: loaded.version + 1, changed: true } });
    const after = (await post(`${study()}/criticalData/get`)).body;
    expect(after.version).toBe(loaded.version + 1);
    expect((after.value as { label: string }[]).at(-1)).toEqual({
      label: "Week 24 SBP",
      description: "exploratory",
      isCritical: true,
    });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      level: "Study",
      studyId: DEMO.studies.active.id,
      entryPoint: { displayText: "Save study critical data", httpMethod: "POST", apiPath: path },
      rationale: "Review",
    });
    expect(pairs(entry)).toEqual([
      {
        before: {
          label: "Randomisation stratum",
          description: "Diabetes status as entered in the IRT.",
          isCritical: true,
        },
        after: {
          label: "Randomisation stratum",
          description: "Diabetes status as entered in the IRT.",
          isCritical: false,
        },
      },
      { before: null, after: { label: "Week 24 SBP", description: "exploratory", isCritical: true } },
      {
        before: { label: "Serum potassium", description: "Central laboratory, at every visit.", isCritical: false },
        after: null,
      },
    ]);
  });

  it("a stale save is refused 409 Conflict; nothing changes and nothing is recorded", async () => {
    const path = `${study()}/criticalProcesses/save`;
    const loaded = (await post(`${study()}/criticalProcesses/get`)).body as { value: object[]; version: number };
    const first = await post(path, {
      criticalProcesses: [...loaded.value, { title: "First" }],
      version: loaded.version,
    });
    expect(first.status).toBe(200);
    const count = await auditCount();
    const second = await post(path, { criticalProcesses: [{ title: "Second" }], version: loaded.version });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ title: "Conflict", additionalData: { currentVersion: loaded.version + 1 } });
    expect(await auditCount()).toBe(count);
    const now = (await post(`${study()}/criticalProcesses/get`)).body;
    expect((now.value as { title: string }[]).map((i) => i.title)).toContain("First");
    expect(now.version).toBe(loaded.version + 1);
  });

  it("import without overwrite: 'Duplicate value found' with the duplicates; with overwrite: updated and appended", async () => {
    const path = `${study()}/criticalProcesses/import`;
    const before = (await post(`${study()}/criticalProcesses/get`)).body as {
      value: { title: string }[];
      version: number;
    };
    const items = [
      { title: "RANDOMISATION", details: "Now through the new IRT." },
      { title: "Data transfer", details: "Central lab data loaded weekly." },
      { title: " blinding ", details: "" },
    ];
    const count = await auditCount();
    const refused = await post(path, { criticalProcesses: items, rationaleForChange: "CTQ review" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      title: "Conflict",
      detail: "Duplicate value found",
      additionalData: [{ title: "RANDOMISATION" }],
    });
    expect(await auditCount()).toBe(count);
    expect((await post(`${study()}/criticalProcesses/get`)).body).toEqual(before);

    const accepted = await post(path, {
      criticalProcesses: items,
      overwrite: true,
      rationaleForChange: " CTQ review ",
    });
    expect(accepted).toEqual({ status: 200, body: { isSuccess: true, version: before.version + 1, changed: true } });
    const after = (await post(`${study()}/criticalProcesses/get`)).body.value as { title: string; details: string }[];
    const index = before.value.findIndex((i) => i.title === "Randomisation");
    expect(after[index]).toEqual({ title: "RANDOMISATION", details: "Now through the new IRT." });
    expect(after.slice(before.value.length)).toEqual([
      { title: "Data transfer", details: "Central lab data loaded weekly." },
      { title: "blinding", details: "" },
    ]);
    expect(after).toHaveLength(before.value.length + 2);
    const entry = await lastAudit();
    expect(entry.entryPoint.displayText).toBe("Import study critical processes");
    expect(entry.rationale).toBe("CTQ review");
    expect(pairs(entry)).toEqual([
      {
        before: { title: "Randomisation", details: "1:1:1 to placebo, 10 mg or 20 mg, stratified by diabetes status." },
        after: { title: "RANDOMISATION", details: "Now through the new IRT." },
      },
      { before: null, after: { title: "Data transfer", details: "Central lab data loaded weekly." } },
      { before: null, after: { title: "blinding", details: "" } },
    ]);
  });

  it("import of data: duplicates listed by label; the rationale is required; the body's names must be the path's", async () => {
    const path = `${study()}/criticalData/import`;
    const count = await auditCount();
    const refused = await post(path, {
      criticalData: [{ label: "date of informed consent", isCritical: true }, { label: "New" }],
      rationaleForChange: "x",
    });
    expect(refused.body).toMatchObject({
      detail: "Duplicate value found",
      additionalData: [{ label: "date of informed consent" }],
    });
    for (const json of [
      { criticalData: [{ label: "New" }] },
      { criticalData: [{ label: "New" }], rationaleForChange: "  " },
      { criticalData: [], rationaleForChange: "x" },
      { criticalData: [{ label: "New" }, { label: "NEW" }], rationaleForChange: "x" },
      { criticalData: [{ label: "New" }], rationaleForChange: "x", studyName: "DEMO002" },
      { criticalData: [{ label: "New" }], rationaleForChange: "x", companyId: DEMO.ssoCompany.id },
    ]) {
      expect((await post(path, json)).status, JSON.stringify(json)).toBe(400);
    }
    expect(await auditCount()).toBe(count);
    const ok = await post(path, {
      criticalData: [{ label: "New", isCritical: true }],
      rationaleForChange: "x",
      companyId: DEMO.company.id,
      studyName: DEMO.studies.active.name,
    });
    expect(ok.status).toBe(200);
    expect(await auditCount()).toBe(count + 1);
  });

  it("company lists: save with the company's wording in the record; isCritical is never kept there", async () => {
    const loaded = (await post(`${company}/criticalData/get`)).body as { value: object[]; version: number };
    const saved = await post(`${company}/criticalData/save`, {
      criticalData: [...loaded.value, { label: "Vital signs", isCritical: true }],
      version: loaded.version,
    });
    expect(saved.status).toBe(200);
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      level: "Company",
      studyId: null,
      entryPoint: { displayText: "Save company critical data" },
      contextOfChange: { id: DEMO.company.id, type: "Company" },
    });
    expect(pairs(entry)).toEqual([{ before: null, after: { label: "Vital signs", description: "" } }]);
    expect((await post(`${company}/criticalData/get`)).body.value).toContainEqual({
      label: "Vital signs",
      description: "",
    });
    // There is no company import.
    expect(
      (await post(`${company}/criticalData/import`, { criticalData: [{ label: "x" }], rationaleForChange: "x" }))
        .status,
    ).toBe(404);
  });

  it("permissions: the monitor reads and changes nothing; no-access reads nothing; another company's study is not found", async () => {
    expect((await post(`${study()}/criticalProcesses/get`, {}, monitor)).status).toBe(200);
    expect((await post(`${study()}/criticalData/get`, {}, monitor)).status).toBe(200);
    const count = await auditCount();
    for (const path of ["criticalProcesses/save", "criticalData/save"]) {
      const body = path.startsWith("criticalProcesses")
        ? { criticalProcesses: [], version: 0 }
        : { criticalData: [], version: 0 };
      expect((await post(`${study()}/${path}`, body, monitor)).status).toBe(403);
      expect((await post(`${company}/${path}`, body, monitor)).status).toBe(403);
    }
    expect(
      (
        await post(
          `${study()}/criticalProcesses/import`,
          { criticalProcesses: [{ title: "x" }], rationaleForChange: "x" },
          monitor,
        )
      ).status,
    ).toBe(403);
    for (const path of ["criticalProcesses/get", "criticalData/get"]) {
      expect((await post(`${study()}/${path}`, {}, noAccess)).status).toBe(403);
      expect((await post(`${company}/${path}`, {}, noAccess)).status).toBe(403);
    }
    expect((await api.call("POST", `${study()}/criticalProcesses/get`)).status).toBe(401);
    // Northwind's study under Demo Pharma's address: not found; under Northwind's: not Demo Pharma's admin's.
    expect((await post(`${study(DEMO.studies.northwind.name)}/criticalProcesses/get`)).status).toBe(404);
    expect(
      (await post(`/api/companies/${DEMO.ssoCompany.id}/studies/${DEMO.studies.northwind.name}/criticalProcesses/get`))
        .status,
    ).toBe(403);
    expect(await auditCount()).toBe(count);
  });
});
