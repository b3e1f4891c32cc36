import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInsert, type InsertItems, type StudyImport } from "~/features/ctq/insert.server";
import type { CtqList } from "~/features/ctq/items";
import { createApiClient, type ApiClient } from "~/lib/api/client.server";
import type { ApiResult } from "~/lib/api/http.server";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 25, 001 §4 "Insert into study flow": the results page's insert steps against the real study import calls, on
 * both databases: no overwrite first, "Duplicate value found" → the overwrite warning, Continue with overwrite, order
 * processes then data, a part never inserted twice, the rationale kept until both succeed.
 */
describe.each(dbKinds())("CTQ insert flow on %s", (kind) => {
  let api: TestApi;
  let client: ApiClient;
  const companyId = DEMO.company.id;
  const studyName = DEMO.studies.second.name;
  const calls: { list: CtqList; overwrite: boolean; rationale: string }[] = [];
  let failData = false;
  const importList: StudyImport = async (list, input) => {
    calls.push({ list, overwrite: input.overwrite, rationale: input.rationaleForChange });
    if (failData && list === "criticalData")
      return { ok: false, status: 503, error: { code: "Service Unavailable", detail: "database away" } };
    return client.cpcd.import({ companyId, studyName }, list, input as never) as Promise<ApiResult<unknown>>;
  };
  const get = async (list: CtqList) => {
    const result = await client.cpcd.get({ companyId, studyName }, list);
    if (!result.ok) throw new Error(result.error.code);
    return result.data.value as unknown as Record<string, unknown>[];
  };
  const items = (suffix: string): InsertItems => ({
    criticalProcesses: [{ title: `Consent ${suffix}`, details: "Who may consent" }],
    criticalData: [{ label: `Primary endpoint ${suffix}`, description: "Week 4 score", isCritical: true }],
  });
  const step = (overwrite: CtqList[] = [], remaining: CtqList[] = ["criticalProcesses", "criticalData"]) => ({
    scope: "all" as const,
    remaining,
    overwrite,
    rationaleForChange: "From the CTQ identification",
  });

  beforeAll(async () => {
    api = await startTestApi(kind);
    const token = await api.token(DEMO.users.admin.id);
    client = createApiClient({ transport: (request) => api.service.fetch(request), accessToken: token });
  });
  afterAll(async () => api?.close());

  it("inserts processes then data without overwrite; success clears the flow", async () => {
    calls.length = 0;
    const view = await runInsert(importList, items("A"), step());
    expect(view).toMatchObject({ success: true, dialog: null, error: null });
    expect(calls.map((c) => [c.list, c.overwrite])).toEqual([
      ["criticalProcesses", false],
      ["criticalData", false],
    ]);
    expect((await get("criticalProcesses")).map((i) => i.title)).toContain("Consent A");
    expect((await get("criticalData")).map((i) => i.label)).toContain("Primary endpoint A");
  });

  it("duplicates: the warning lists them; Continue overwrites that part only; nothing inserted twice", async () => {
    calls.length = 0;
    const again = { ...items("A"), criticalData: [{ label: "Fresh datum B", description: "", isCritical: false }] };
    const first = await runInsert(importList, again, step());
    expect(first).toMatchObject({
      dialog: "overwrite",
      success: false,
      remaining: ["criticalProcesses", "criticalData"],
      overwrite: ["criticalProcesses"],
      duplicates: { criticalProcesses: ["Consent A"], criticalData: [] },
    });
    expect(calls).toHaveLength(1);
    const next = await runInsert(importList, again, step(first.overwrite, first.remaining));
    expect(next.success).toBe(true);
    expect(calls.slice(1).map((c) => [c.list, c.overwrite])).toEqual([
      ["criticalProcesses", true],
      ["criticalData", false],
    ]);
    expect((await get("criticalProcesses")).filter((i) => i.title === "Consent A")).toHaveLength(1);
  });

  it("processes in, data duplicated: the warning, then Continue inserts data only", async () => {
    calls.length = 0;
    const partial = { ...items("C"), criticalData: items("A").criticalData };
    const first = await runInsert(importList, partial, step());
    expect(first).toMatchObject({
      dialog: "overwrite",
      remaining: ["criticalData"],
      overwrite: ["criticalData"],
      duplicates: { criticalProcesses: [], criticalData: ["Primary endpoint A"] },
    });
    const next = await runInsert(importList, partial, step(first.overwrite, first.remaining));
    expect(next.success).toBe(true);
    expect(calls.map((c) => [c.list, c.overwrite])).toEqual([
      ["criticalProcesses", false],
      ["criticalData", false],
      ["criticalData", true],
    ]);
    expect((await get("criticalProcesses")).filter((i) => i.title === "Consent C")).toHaveLength(1);
  });

  it("a failing second insert: the confirmation stays open with the error, no success, data still to do", async () => {
    calls.length = 0;
    failData = true;
    try {
      const view = await runInsert(importList, items("D"), step());
      expect(view).toMatchObject({
        dialog: "confirm",
        success: false,
        remaining: ["criticalData"],
        error: { key: "ctq.insert.failed", values: { detail: "database away" } },
      });
      expect(calls.map((c) => c.list)).toEqual(["criticalProcesses", "criticalData"]);
      expect(calls.every((c) => c.rationale === "From the CTQ identification")).toBe(true);
    } finally {
      failData = false;
    }
    // The retry goes on with data only.
    calls.length = 0;
    const retry = await runInsert(importList, items("D"), step([], ["criticalData"]));
    expect(retry.success).toBe(true);
    expect(calls.map((c) => c.list)).toEqual(["criticalData"]);
  });

  it("a real failing second insert: data holding one label twice (any case) is refused after processes went in", async () => {
    calls.length = 0;
    const twice: InsertItems = {
      criticalProcesses: [{ title: "Consent F", details: "" }],
      criticalData: [
        { label: "Visit date F", description: "", isCritical: false },
        { label: "VISIT DATE f", description: "typed again", isCritical: true },
      ],
    };
    const view = await runInsert(importList, twice, step());
    expect(view).toMatchObject({
      dialog: "confirm",
      success: false,
      remaining: ["criticalData"],
      error: { key: "ctq.insert.duplicateInList.criticalData", values: { name: "VISIT DATE f" } },
    });
    expect((await get("criticalProcesses")).filter((i) => i.title === "Consent F")).toHaveLength(1);
    expect((await get("criticalData")).some((i) => String(i.label).toLowerCase() === "visit date f")).toBe(false);
    // The user renames one; saving again inserts the data only.
    calls.length = 0;
    const fixed = {
      ...twice,
      criticalData: [twice.criticalData[0]!, { ...twice.criticalData[1]!, label: "Visit time F" }],
    };
    const retry = await runInsert(importList, fixed, step([], view.remaining));
    expect(retry.success).toBe(true);
    expect(calls.map((c) => c.list)).toEqual(["criticalData"]);
    expect((await get("criticalData")).map((i) => i.label)).toEqual(
      expect.arrayContaining(["Visit date F", "Visit time F"]),
    );
    expect((await get("criticalProcesses")).filter((i) => i.title === "Consent F")).toHaveLength(1);
  });

  it("processes holding one title twice: refused first, nothing inserted, the message names the title", async () => {
    calls.length = 0;
    const twice: InsertItems = {
      criticalProcesses: [
        { title: "Dosing G", details: "" },
        { title: "dosing g", details: "" },
      ],
      criticalData: [{ label: "Dose G", description: "", isCritical: true }],
    };
    const view = await runInsert(importList, twice, step());
    expect(view).toMatchObject({
      dialog: "confirm",
      remaining: ["criticalProcesses", "criticalData"],
      error: { key: "ctq.insert.duplicateInList.criticalProcesses", values: { name: "dosing g" } },
    });
    expect(calls.map((c) => c.list)).toEqual(["criticalProcesses"]);
  });

  it("a refusal other than duplicates (no rationale) keeps the confirmation open", async () => {
    const view = await runInsert(importList, items("E"), { ...step(), rationaleForChange: "" });
    expect(view).toMatchObject({ dialog: "confirm", success: false, remaining: ["criticalProcesses", "criticalData"] });
    expect(view.error?.key).toBe("ctq.insert.failed");
  });
});
