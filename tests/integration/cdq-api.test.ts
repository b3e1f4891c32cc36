import { cdqIssues } from "@server/cdq/schema";
import type { CdqIssue, CdqIssueList, CdqIssueWithDesignees } from "@server/contracts/cdq";
import { auditEntries } from "@server/db/schema";
import { DEMO } from "@server/seed/demo";
import { DEMO_CDQ_COUNTS } from "@server/seed/demo-cdq";
import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

const C = DEMO.company.id;
const S = DEMO.studies;
const U = DEMO.users;
const base = (studyName: string, companyId: string = C) =>
  `/api/companies/${companyId}/studies/${studyName}/dataQualityIssues`;

const CSV_HEADER =
  "displayId,type,countryId,country,siteId,site,subjectId,subject,title,category,subCategory,context,reasoning,source,severity,patientSafetyScore,dateOfOccurrence,dateOfDetection,designee,state,reviewStatus,dueDate";

/** The Compliance & Data Quality calls (001 §7) and the operator import (issue 14). */
describe.each(dbKinds())("Compliance & Data Quality API on %s", (kind) => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await startTestApi(kind);
    for (const [name, user] of Object.entries(U)) tokens[name] = await api.token(user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const list = (studyName: string, json: unknown, token = tokens.monitor!, companyId: string = C) =>
    api.call("POST", `${base(studyName, companyId)}/get`, { token, json });
  const listed = async (studyName: string, json: unknown) => {
    const response = await list(studyName, json);
    expect(response.status).toBe(200);
    return (await response.json()) as CdqIssueList;
  };

  describe("the list call", () => {
    it("answers the first page of 10 by default, newest detection first, with the total", async () => {
      const page = await listed(S.active.name, {});
      expect(page.paging).toEqual({ page: 1, pageSize: 10, totalCount: DEMO_CDQ_COUNTS.DEMO001 });
      expect(page.items).toHaveLength(10);
      const detected = page.items.map((item) => item.dateOfDetection);
      expect([...detected].sort().reverse()).toEqual(detected);
    });

    it("pages through the whole list in each allowed size without gaps or repeats, from either end", async () => {
      for (const pageSize of [10, 20, 50]) {
        const ids: string[] = [];
        const pages = Math.ceil(DEMO_CDQ_COUNTS.DEMO001 / pageSize);
        for (let page = 1; page <= pages; page += 1) {
          const answer = await listed(S.active.name, { page, pageSize });
          expect(answer.items.length).toBe(page < pages ? pageSize : DEMO_CDQ_COUNTS.DEMO001 - (pages - 1) * pageSize);
          ids.push(...answer.items.map((item) => item.id));
        }
        expect(new Set(ids).size).toBe(DEMO_CDQ_COUNTS.DEMO001);
        // The same order as one read of the table.
        const rows = await api.database.db
          .select({ id: cdqIssues.id })
          .from(cdqIssues)
          .where(eq(cdqIssues.studyId, S.active.id))
          .orderBy(desc(cdqIssues.dateOfDetection), desc(cdqIssues.id));
        expect(ids).toEqual(rows.map((row) => row.id));
      }
    });

    it("answers a page past the end with no items and the total", async () => {
      const answer = await listed(S.active.name, { page: 99, pageSize: 50 });
      expect(answer).toEqual({ items: [], paging: { page: 99, pageSize: 50, totalCount: DEMO_CDQ_COUNTS.DEMO001 } });
    });

    it("answers an empty list for a study without issues", async () => {
      expect(await listed(S.retired.name, { page: 1, pageSize: 10 })).toEqual({
        items: [],
        paging: { page: 1, pageSize: 10, totalCount: 0 },
      });
    });

    it.each([
      [{ page: 0, pageSize: 10 }, "page"],
      [{ page: -1, pageSize: 10 }, "page"],
      [{ page: 1.5, pageSize: 10 }, "page"],
      [{ page: "2", pageSize: 10 }, "page"],
      [{ page: 2_000_000, pageSize: 10 }, "page"],
      [{ page: 1, pageSize: 15 }, "pageSize"],
      [{ page: 1, pageSize: 100 }, "pageSize"],
      [{ page: 1, pageSize: 0 }, "pageSize"],
      [{ page: 1, pageSize: null }, "pageSize"],
    ])("refuses %j with a validation error on %s", async (body, path) => {
      const response = await list(S.active.name, body);
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { title: string; additionalData: { issues: { path: string }[] } };
      expect(problem.title).toBe("ValidationFailed");
      expect(problem.additionalData.issues.map((issue) => issue.path)).toContain(path);
    });

    it("derives isOverdue at read time: Active with a due day already past", async () => {
      const all: CdqIssue[] = [];
      for (let page = 1; page <= 3; page += 1) all.push(...(await listed(S.active.name, { page, pageSize: 50 })).items);
      const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
      for (const issue of all) {
        const expected = issue.state === "Active" && issue.dueDate !== null && Date.parse(issue.dueDate) < today;
        expect(issue.isOverdue, issue.displayId).toBe(expected);
      }
      expect(all.some((issue) => issue.isOverdue)).toBe(true);
      expect(all.some((issue) => issue.state === "Active" && !issue.isOverdue)).toBe(true);
      // An issue made overdue in the database is overdue on the next read: nothing stale is stored.
      const target = all.find((issue) => issue.state === "Active" && !issue.isOverdue)!;
      await api.database.db
        .update(cdqIssues)
        .set({ dueDate: new Date(Date.now() - 5 * 86_400_000) })
        .where(eq(cdqIssues.id, target.id));
      const again = await api.call("POST", `${base(S.active.name)}/${target.id}/get`, { token: tokens.monitor! });
      expect(((await again.json()) as CdqIssue).isOverdue).toBe(true);
    });

    it("keeps the total right through inserts and deletes (kept by the database), and never moves an issue", async () => {
      const before = (await listed(S.retired.name, {})).paging.totalCount;
      const rows = [1, 2, 3].map((n) => ({
        id: `cdq0000000000000000000${n}0`.slice(0, 24),
        companyId: C,
        studyId: S.retired.id,
        displayId: `COUNT-${n}`,
        type: "Data Quality",
        title: `Count ${n}`,
        dateOfDetection: new Date(),
        state: "Active" as const,
        dateOfLastUpdate: new Date(),
      }));
      await api.database.db.insert(cdqIssues).values(rows);
      expect((await listed(S.retired.name, {})).paging.totalCount).toBe(before + 3);
      await api.database.db.delete(cdqIssues).where(inArray(cdqIssues.id, [rows[0]!.id, rows[1]!.id]));
      expect((await listed(S.retired.name, {})).paging.totalCount).toBe(before + 1);
      await expect(
        api.database.db.update(cdqIssues).set({ studyId: S.active.id }).where(eq(cdqIssues.id, rows[2]!.id)),
      ).rejects.toThrow();
      await api.database.db.delete(cdqIssues).where(eq(cdqIssues.id, rows[2]!.id));
      expect((await listed(S.retired.name, {})).paging.totalCount).toBe(before);
    });

    it("keeps each study's issues to itself", async () => {
      const first = await listed(S.active.name, { pageSize: 50 });
      const second = await listed(S.second.name, { pageSize: 50 });
      expect(second.paging.totalCount).toBe(DEMO_CDQ_COUNTS.DEMO002);
      expect(first.items.every((item) => item.displayId.startsWith("PD1-"))).toBe(true);
      expect(second.items.every((item) => item.displayId.startsWith("PD2-"))).toBe(true);
    });

    it("is permission-gated: no access, another company, an unknown study", async () => {
      expect((await list(S.active.name, {}, tokens.noAccess!)).status).toBe(403);
      expect((await api.call("POST", `${base(S.active.name)}/get`, { json: {} })).status).toBe(401);
      // A Northwind reader asking about Demo Pharma's study, and Demo Pharma's admin about Northwind's.
      expect((await list(S.active.name, {}, tokens.sso!)).status).toBe(403);
      expect((await list(S.active.name, {}, tokens.admin!, DEMO.ssoCompany.id)).status).toBe(403);
      // Demo Pharma's study under Northwind's address, by Northwind's reader: not found there.
      expect((await list(S.active.name, {}, tokens.sso!, DEMO.ssoCompany.id)).status).toBe(404);
      expect((await list("NO-SUCH-STUDY", {}, tokens.admin!)).status).toBe(404);
    });
  });

  describe("the single-issue call", () => {
    it("answers one issue with every field of 001 §3", async () => {
      const [first] = (await listed(S.active.name, {})).items;
      const response = await api.call("POST", `${base(S.active.name)}/${first!.id}/get`, { token: tokens.monitor! });
      expect(response.status).toBe(200);
      const issue = (await response.json()) as CdqIssue;
      expect(issue).toEqual(first);
      expect(Object.keys(issue).sort()).toEqual(
        [
          "id",
          "displayId",
          "type",
          "country",
          "site",
          "subject",
          "title",
          "category",
          "subCategory",
          "context",
          "reasoning",
          "source",
          "severity",
          "patientSafetyScore",
          "dateOfOccurrence",
          "dateOfDetection",
          "designee",
          "state",
          "reviewStatus",
          "dueDate",
          "isOverdue",
          "dateOfLastUpdate",
        ].sort(),
      );
    });

    it("brings the designee choices with the issue when asked and allowed, as the company users call lists them", async () => {
      const [first] = (await listed(S.active.name, {})).items;
      const url = `${base(S.active.name)}/${first!.id}/get`;
      const users = `/api/companies/${C}/users/get`;
      let allowed = 0;
      for (const name of ["admin", "monitor", "viewer", "designee"].filter((n) => tokens[n])) {
        const token = tokens[name]!;
        const response = await api.call("POST", url, { token, json: { designees: true } });
        expect(response.status, name).toBe(200);
        const issue = (await response.json()) as CdqIssueWithDesignees;
        const { designees, ...rest } = issue;
        expect(rest, name).toEqual(first);
        const listing = await api.call("POST", users, { token });
        if (listing.status === 200) {
          allowed += 1;
          const { items } = (await listing.json()) as { items: { id: string; displayName: string }[] };
          expect(designees, name).toEqual(items.map(({ id, displayName }) => ({ id, displayName })));
          expect(designees!.length, name).toBeGreaterThan(0);
        } else {
          expect(listing.status, name).toBe(403);
          expect(designees, name).toBeUndefined();
        }
      }
      expect(allowed).toBeGreaterThan(0);
      // Without the flag, the spec's answer.
      const plain = await api.call("POST", url, { token: tokens.admin!, json: {} });
      expect(Object.keys((await plain.json()) as object)).not.toContain("designees");
    });

    it("does not find an issue of another study, nor an unknown id", async () => {
      const [other] = (await listed(S.second.name, {})).items;
      const response = await api.call("POST", `${base(S.active.name)}/${other!.id}/get`, { token: tokens.monitor! });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { detail: string }).detail).toBe("Compliance & Data Quality Issue not found");
      expect(
        (await api.call("POST", `${base(S.active.name)}/000000000000000000000000/get`, { token: tokens.monitor! }))
          .status,
      ).toBe(404);
      expect(
        (await api.call("POST", `${base(S.active.name)}/${other!.id}/get`, { token: tokens.noAccess! })).status,
      ).toBe(403);
    });
  });

  describe("the import call", () => {
    const csv = (...rows: string[]) => [CSV_HEADER, ...rows].join("\r\n");
    const row = (displayId: string, extra: Partial<Record<string, string>> = {}) => {
      const values: Record<string, string> = {
        displayId,
        type: "Protocol Deviation",
        countryId: "DE",
        country: "Germany",
        siteId: "DE-900",
        site: "Test Site",
        subjectId: "900-001",
        subject: "Subject 900-001",
        title: "Visit out of window",
        category: "Visit Schedule",
        subCategory: "Out-of-window visit",
        context: '"Site DE-900\nVisit 4"',
        reasoning: '"Visit 4 was 9 days late, ""well"" outside the window"',
        source: "Import test",
        severity: "Major",
        patientSafetyScore: "40",
        dateOfOccurrence: "2026-03-01",
        dateOfDetection: "2026-03-05",
        designee: U.monitor.email,
        state: "Active",
        reviewStatus: "Reviewed",
        dueDate: "2026-04-01",
        ...extra,
      };
      return CSV_HEADER.split(",")
        .map((key) => values[key] ?? "")
        .join(",");
    };
    const upload = (text: string, token = tokens.manager!, studyName: string = S.second.name, name = "issues.csv") => {
      const body = new FormData();
      body.set("file", new File([text], name, { type: "text/csv" }));
      return api.call("POST", `${base(studyName)}/import`, { token, body });
    };
    const count = async (studyId: string) =>
      (await api.database.db.select({ id: cdqIssues.id }).from(cdqIssues).where(eq(cdqIssues.studyId, studyId))).length;
    const importEntries = async () =>
      api.database.db
        .select()
        .from(auditEntries)
        .where(
          and(
            eq(auditEntries.studyId, S.second.id),
            eq(auditEntries.entryPoint, {
              displayText: "Import Compliance & Data Quality issues",
              httpMethod: "POST",
              apiPath: `${base(S.second.name)}/import`,
            }),
          ),
        )
        .orderBy(desc(auditEntries.seq));

    it("refuses a file with a bad row, naming each bad row and field, and imports nothing", async () => {
      const before = await count(S.second.id);
      const entries = (await importEntries()).length;
      const response = await upload(
        csv(
          row("IMP-0001"),
          row("IMP-0002", { title: "", dueDate: "2026-02-30" }),
          row("IMP-0003", { state: "Open", designee: "nobody@example.com" }),
          row("IMP-0001"),
        ),
      );
      expect(response.status).toBe(400);
      const problem = (await response.json()) as {
        title: string;
        detail: string;
        additionalData: { issues: { row: number; field: string; message: string }[] };
      };
      expect(problem.title).toBe("ValidationFailed");
      expect(problem.detail).toContain("nothing was imported");
      expect(problem.additionalData.issues.map(({ row, field }) => `${row}:${field}`).sort()).toEqual(
        ["2:title", "2:dueDate", "3:state", "3:designee", "4:displayId"].sort(),
      );
      expect(await count(S.second.id)).toBe(before);
      expect((await importEntries()).length).toBe(entries);
    });

    it.each([
      ["a file that is not text", "\u0000\u0001binary", "file"],
      ["an unknown column", "displayId,colour\nX-1,red", "colour"],
      ["a broken CSV", `${CSV_HEADER}\n"unterminated`, ""],
      ["broken JSON", "[{", ""],
      ["an empty file", `${CSV_HEADER}\n`, ""],
    ])("refuses %s", async (_name, text, field) => {
      const response = await upload(text);
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { additionalData: { issues: { field: string }[] } };
      expect(problem.additionalData.issues.map((issue) => issue.field)).toContain(field);
    });

    it("imports a CSV, then updates by displayId instead of duplicating, audited as one entry per import", async () => {
      const before = await count(S.second.id);
      const first = await upload(csv(row("IMP-0101"), row("IMP-0102", { designee: "", reviewStatus: "" })));
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ isSuccess: true, created: 2, updated: 0, unchanged: 0 });
      expect(await count(S.second.id)).toBe(before + 2);

      const [entry] = await importEntries();
      expect(entry!.requester).toMatchObject({ type: "user", id: U.manager.id });
      expect(entry!.contextOfChange).toMatchObject({ id: S.second.id, type: "Study" });
      expect(entry!.dataChanges).toHaveLength(2);
      const created = JSON.parse(entry!.dataChanges[0]!.after!) as Record<string, unknown>;
      expect(entry!.dataChanges[0]!.before).toBeNull();
      expect(created).toMatchObject({
        displayId: "IMP-0101",
        issueContext: [{ display: "Site DE-900" }, { display: "Visit 4" }],
        reasoning: 'Visit 4 was 9 days late, "well" outside the window',
        designee: { type: "user", id: U.monitor.id, displayName: U.monitor.displayName },
        patientSafetyScore: 40,
      });

      // The same file again, with one issue changed: one update, one unchanged, no new rows.
      const second = await upload(
        csv(row("IMP-0101", { state: "Completed" }), row("IMP-0102", { designee: "", reviewStatus: "" })),
      );
      expect(await second.json()).toEqual({ isSuccess: true, created: 0, updated: 1, unchanged: 1 });
      expect(await count(S.second.id)).toBe(before + 2);
      const [update] = await importEntries();
      expect(update!.id).not.toBe(entry!.id);
      expect(update!.dataChanges).toHaveLength(1);
      expect(JSON.parse(update!.dataChanges[0]!.before!)).toMatchObject({ displayId: "IMP-0101", state: "Active" });
      expect(JSON.parse(update!.dataChanges[0]!.after!)).toMatchObject({ displayId: "IMP-0101", state: "Completed" });

      // The same displayId in another study is another issue.
      const elsewhere = await upload(csv(row("IMP-0101")), tokens.admin!, S.retired.name);
      expect(await elsewhere.json()).toMatchObject({ created: 1 });
    });

    it("imports JSON, as a file or as the body", async () => {
      const issue = {
        displayId: "IMP-JSON-1",
        type: "Data Quality",
        country: { id: "PL", displayName: "Poland" },
        site: { id: "PL-501", displayName: "Warsaw Oncology Institute" },
        title: "Implausible weight",
        context: ["Visit 2", { display: "Weight 300 kg" }],
        patientSafetyScore: 10,
        dateOfDetection: "2026-05-01T10:30:00Z",
        designee: { type: "user", id: U.manager.id },
        state: "Completed",
        reviewStatus: "Verified",
        isOverdue: false,
      };
      const file = await upload(JSON.stringify([issue]), tokens.manager!, S.second.name, "issues.json");
      expect(await file.json()).toMatchObject({ created: 1 });
      const body = await api.call("POST", `${base(S.second.name)}/import`, {
        token: tokens.manager!,
        json: { items: [{ ...issue, title: "Implausible weight (checked)" }] },
      });
      expect(await body.json()).toMatchObject({ created: 0, updated: 1 });
      const [row] = await api.database.db.select().from(cdqIssues).where(eq(cdqIssues.displayId, "IMP-JSON-1"));
      expect(row).toMatchObject({
        title: "Implausible weight (checked)",
        country: { id: "PL", displayName: "Poland" },
        context: [{ display: "Visit 2" }, { display: "Weight 300 kg" }],
        designee: { type: "user", id: U.manager.id, displayName: U.manager.displayName },
      });
    });

    it("is permission-gated: monitors read but cannot import", async () => {
      expect((await upload(csv(row("IMP-0201")), tokens.monitor!)).status).toBe(403);
      expect((await upload(csv(row("IMP-0201")), tokens.noAccess!)).status).toBe(403);
      expect((await upload(csv(row("IMP-0201")), tokens.admin!, "NO-SUCH-STUDY")).status).toBe(404);
    });
  });
});
