import { openAuditExport } from "@server/audit/read";
import { appendAuditEntry, type AuditRecord } from "@server/audit/service";
import { runAuditVerify } from "@server/audit/verify-cli";
import type { AuditEntry, AuditListEntry } from "@server/contracts/audit";
import { FORMULA_START, FORMULA_START_SQL } from "@server/contracts/csv";
import { literal } from "@server/db/database";
import { currentDbQueries, runWithRequestId } from "@server/observability/logger";
import { insertGrants } from "@server/permissions/service";
import { DEMO } from "@server/seed/demo";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/** A clean, seeded database per test; the first one in a worker also migrates the template (slow on a busy machine). */
const SLOW = 120_000;
const C = DEMO.company.id;
const S1 = DEMO.studies.active;
const S2 = DEMO.studies.second;
const studyBase = (study: { name: string } = S1) => `/api/companies/${C}/studies/${study.name}/auditLogs`;

const studyRecord = (n: number, study: { id: string; displayId: string } = S1, rationale?: string): AuditRecord => ({
  entryPoint: { displayText: `Study change ${n}`, httpMethod: "POST", apiPath: `/api/test/study/${n}` },
  level: "Study",
  companyId: C,
  studyId: study.id,
  contextOfChange: { id: study.id, type: "Study", extraInfo: { displayId: study.displayId } },
  requester: {
    type: "user",
    id: DEMO.users.manager.id,
    displayName: DEMO.users.manager.displayName,
    email: DEMO.users.manager.email,
  },
  requestBody: { n, rationaleForChange: rationale ?? `because ${n}` },
  responseBody: { isSuccess: true },
  changes: [{ before: { title: `old ${n}` }, after: { title: `new ${n}` } }],
  rationale: rationale ?? `because ${n}`,
});

const companyRecord = (n: number, companyId: string = C): AuditRecord => ({
  entryPoint: { displayText: `Company change ${n}`, httpMethod: "POST", apiPath: `/api/test/company/${n}` },
  level: "Company",
  companyId,
  studyId: null,
  contextOfChange: { id: companyId, type: "Company" },
  requester: { type: "system" },
  changes: [{ before: null, after: { label: `item ${n}` } }],
});

describe.each(dbKinds())("audit views on %s", (kind) => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  }, SLOW);

  const append = async (records: AuditRecord[]) =>
    api!.database.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const record of records) ids.push((await appendAuditEntry(tx, record)).id);
      return ids;
    });

  const post = async (path: string, userId: string, json?: unknown) =>
    api!.call("POST", path, { token: await api!.token(userId), json });

  it(
    "pages by timestamp cursor: newest first, 25 a page, nothing skipped or repeated, even microseconds apart",
    async () => {
      api = await startTestApi(kind);
      // One transaction: the entries are stamped microseconds apart (ADR 0006).
      const ids = await append(Array.from({ length: 60 }, (_, i) => studyRecord(i + 1)));
      await append([studyRecord(1, S2)]);
      const seen: AuditListEntry[] = [];
      let before: string | null = null;
      const sizes: number[] = [];
      for (let page = 0; page < 10; page++) {
        const response = await post(`${studyBase()}/get`, DEMO.users.manager.id, { filter: { before } });
        expect(response.status).toBe(200);
        const entries = (await response.json()) as AuditListEntry[];
        sizes.push(entries.length);
        seen.push(...entries);
        if (entries.length < 25) break;
        before = entries.at(-1)!.timestamp;
      }
      // 60 of ours, then the demo seed's older entries of the study; only the last page is short.
      expect(sizes.slice(0, -1).every((size) => size === 25)).toBe(true);
      expect(sizes.at(-1)).toBeLessThan(25);
      expect(seen.slice(0, 60).map((e) => e.id)).toEqual([...ids].reverse());
      expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
      expect(seen.some((e) => e.entryPoint.displayText === "Study change 1" && e.contextOfChange?.id === S2.id)).toBe(
        false,
      );
      expect(seen.every((e) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(e.timestamp))).toBe(true);
      expect(seen[0]).toMatchObject({
        entryPoint: { displayText: "Study change 60", httpMethod: "POST", apiPath: "/api/test/study/60" },
        contextOfChange: { id: S1.id, type: "Study", extraInfo: { displayId: S1.displayId } },
        requester: { type: "user", email: DEMO.users.manager.email },
        rationale: "because 60",
        dataChanges: [{ before: '{"title":"old 60"}', after: '{"title":"new 60"}' }],
      });
      // A cursor that is not an instant is the caller's mistake, said clearly.
      const bad = await post(`${studyBase()}/get`, DEMO.users.manager.id, { filter: { before: "yesterday" } });
      expect(bad.status).toBe(400);
    },
    SLOW,
  );

  it(
    "bounds each entry's data changes when the list asks (changesLimit): the first N and how many (ADR 0041)",
    async () => {
      api = await startTestApi(kind);
      const changes = Array.from({ length: 7 }, (_, n) => ({ before: null, after: { n } }));
      await append([{ ...studyRecord(1), changes }, studyRecord(2)]);
      // Data changes that are not a list stay as they are, with no count (the page says they are malformed).
      await api.database.db.execute(sql`
        insert into audit_entries (id, level, company_id, study_id, entry_point, context_of_change, requester,
                                   data_changes, rationale)
        values ('malformed-changes', 'Study', ${C}, ${S1.id}, '{"displayText":"Odd"}', null, '{"type":"system"}',
                '{"not":"a list"}', null)`);
      const list = async (json: unknown) => {
        const response = await post(`${studyBase()}/get`, DEMO.users.manager.id, json);
        expect(response.status).toBe(200);
        return (await response.json()) as AuditListEntry[];
      };
      const bounded = await list({ filter: { before: null }, changesLimit: 3 });
      expect(bounded[0]).toMatchObject({
        id: "malformed-changes",
        dataChanges: { not: "a list" },
        dataChangesCount: null,
      });
      expect(bounded[1]).toMatchObject({ rationale: "because 2", dataChangesCount: 1 });
      expect(bounded[1]!.dataChanges).toHaveLength(1);
      expect(bounded[2]).toMatchObject({
        rationale: "because 1",
        dataChanges: [0, 1, 2].map((n) => ({ before: null, after: `{"n":${n}}` })),
        dataChangesCount: 7,
      });
      // Without it, the spec's answer: every change, and no count.
      const whole = await list({ filter: { before: null } });
      expect(whole[2]!.dataChanges).toHaveLength(7);
      expect(whole[2]).not.toHaveProperty("dataChangesCount");
      for (const changesLimit of [0, 26, 1.5, "3"]) {
        const refused = await post(`${studyBase()}/get`, DEMO.users.manager.id, { changesLimit });
        expect(refused.status, String(changesLimit)).toBe(400);
      }
    },
    SLOW,
  );

  it(
    "answers one page of an entry's data changes when asked (changes: from, limit), with their count (ADR 0061)",
    async () => {
      api = await startTestApi(kind);
      const changes = Array.from({ length: 7 }, (_, n) => ({ before: null, after: { n } }));
      const [id] = await append([{ ...studyRecord(1), changes }]);
      await api.database.db.execute(sql`
        insert into audit_entries (id, level, company_id, study_id, entry_point, context_of_change, requester,
                                   data_changes, rationale)
        values ('malformed-entry', 'Study', ${C}, ${S1.id}, '{"displayText":"Odd"}', null, '{"type":"system"}',
                '{"not":"a list"}', null)`);
      const entry = async (entryId: string, json?: unknown) => {
        const response = await post(`${studyBase()}/${entryId}/get`, DEMO.users.monitor.id, json);
        expect(response.status).toBe(200);
        return (await response.json()) as AuditEntry;
      };
      const after = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => ({ before: null, after: `{"n":${from + i}}` }));
      expect(await entry(id!, { changes: { from: 0, limit: 3 } })).toMatchObject({
        rationale: "because 1",
        dataChanges: after(0, 3),
        dataChangesCount: 7,
      });
      expect((await entry(id!, { changes: { from: 3, limit: 3 } })).dataChanges).toEqual(after(3, 6));
      expect((await entry(id!, { changes: { from: 6, limit: 3 } })).dataChanges).toEqual(after(6, 7));
      expect(await entry(id!, { changes: { from: 9, limit: 3 } })).toMatchObject({
        dataChanges: [],
        dataChangesCount: 7,
      });
      // Not a list: as it is, with no count. Without the body: the spec's answer, every change and no count.
      expect(await entry("malformed-entry", { changes: { from: 0, limit: 3 } })).toMatchObject({
        dataChanges: { not: "a list" },
        dataChangesCount: null,
      });
      const whole = await entry(id!);
      expect(whole.dataChanges).toEqual(after(0, 7));
      expect(whole).not.toHaveProperty("dataChangesCount");
      for (const changes of [{ from: -1, limit: 3 }, { from: 0, limit: 0 }, { from: 0, limit: 101 }, { from: "1" }]) {
        const refused = await post(`${studyBase()}/${id}/get`, DEMO.users.monitor.id, { changes });
        expect(refused.status, JSON.stringify(changes)).toBe(400);
      }
    },
    SLOW,
  );

  it(
    "answers one entry of its own study or company, and 'not found' for any other",
    async () => {
      api = await startTestApi(kind);
      const [s1Entry] = await append([studyRecord(1)]);
      const [s2Entry] = await append([studyRecord(2, S2)]);
      const [companyEntry] = await append([companyRecord(1)]);
      const [otherCompanyEntry] = await append([companyRecord(2, DEMO.ssoCompany.id)]);

      const own = await post(`${studyBase()}/${s1Entry}/get`, DEMO.users.monitor.id);
      expect(own.status).toBe(200);
      const entry = (await own.json()) as AuditEntry;
      expect(entry).toMatchObject({
        id: s1Entry,
        entryPoint: { displayText: "Study change 1" },
        contextOfChange: { extraInfo: { displayId: S1.displayId } },
        requester: { displayName: DEMO.users.manager.displayName },
        rationale: "because 1",
        dataChanges: [{ before: '{"title":"old 1"}', after: '{"title":"new 1"}' }],
      });
      expect(JSON.parse(entry.request.body!)).toEqual({ n: 1, rationaleForChange: "because 1" });
      expect(JSON.parse(entry.response.body!)).toEqual({ isSuccess: true });

      const notFound = async (path: string, userId: string = DEMO.users.admin.id) => {
        const response = await post(path, userId);
        expect(response.status, path).toBe(404);
        expect((await response.json()).detail).toBe("No audit entry found");
      };
      await notFound(`${studyBase()}/${s2Entry}/get`); // another study's entry
      await notFound(`${studyBase()}/${companyEntry}/get`); // a company-level entry
      await notFound(`/api/companies/${C}/auditLogs/${s1Entry}/get`); // a study entry on the company page
      await notFound(`/api/companies/${C}/auditLogs/${otherCompanyEntry}/get`); // another company's entry
      await notFound(`${studyBase()}/nonexistent/get`);
      const company = await post(`/api/companies/${C}/auditLogs/${companyEntry}/get`, DEMO.users.monitor.id);
      expect(company.status).toBe(200);
      expect(((await company.json()) as AuditEntry).dataChanges).toEqual([
        { before: null, after: '{"label":"item 1"}' },
      ]);
    },
    SLOW,
  );

  it(
    "keeps every call within its company and study",
    async () => {
      api = await startTestApi(kind);
      await append([studyRecord(1), companyRecord(1), companyRecord(2, DEMO.ssoCompany.id)]);
      const nw = DEMO.studies.northwind;
      const ssoCompany = DEMO.ssoCompany.id;
      // Demo Pharma's monitor reaches nothing of Northwind; Northwind's reader nothing of Demo Pharma.
      for (const path of [
        `/api/companies/${ssoCompany}/studies/${nw.name}/auditLogs/get`,
        `/api/companies/${ssoCompany}/studies/${nw.name}/auditLogs/export`,
        `/api/companies/${ssoCompany}/auditLogs/get`,
        `/api/companies/${ssoCompany}/auditLogs/x/get`,
      ]) {
        expect((await post(path, DEMO.users.admin.id, {})).status, path).toBe(403);
      }
      for (const path of [`${studyBase()}/get`, `${studyBase()}/export`, `/api/companies/${C}/auditLogs/get`]) {
        expect((await post(path, DEMO.users.sso.id, {})).status, path).toBe(403);
      }
      // The manager manages DEMO001 and DEMO002 but not the retired study, nor the company's own trail.
      expect(
        (
          await post(
            `/api/companies/${C}/studies/${DEMO.studies.retired.name}/auditLogs/get`,
            DEMO.users.manager.id,
            {},
          )
        ).status,
      ).toBe(403);
      expect((await post(`/api/companies/${C}/auditLogs/get`, DEMO.users.manager.id, {})).status).toBe(403);
      // A study's list holds only that study's entries; the company's list only company-level ones of that company.
      const s2 = (await (await post(`${studyBase(S2)}/get`, DEMO.users.manager.id, {})).json()) as AuditListEntry[];
      expect(s2.some((e) => e.entryPoint.displayText === "Study change 1")).toBe(false);
      const companyList = (await (
        await post(`/api/companies/${C}/auditLogs/get`, DEMO.users.admin.id, {})
      ).json()) as AuditListEntry[];
      expect(companyList.map((e) => e.entryPoint.displayText)).toContain("Company change 1");
      expect(companyList.map((e) => e.entryPoint.displayText)).not.toContain("Company change 2");
      expect(companyList.every((e) => e.contextOfChange?.type === "Company" && e.contextOfChange.id === C)).toBe(true);
      // A study that does not exist is not found.
      expect((await post(`/api/companies/${C}/studies/NOPE/auditLogs/get`, DEMO.users.admin.id, {})).status).toBe(404);
    },
    SLOW,
  );

  it(
    "exports the range as a streamed CSV: whole days in UTC, formulas escaped, nothing when the range is empty",
    async () => {
      api = await startTestApi(kind);
      await append([
        studyRecord(1, S1, '=HYPERLINK("http://evil.example","click")'),
        studyRecord(2, S1, "+1+2"),
        studyRecord(3, S1, "@SUM(A1)"),
        studyRecord(4, S1, 'plain, with "quotes"\nand a line'),
      ]);
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

      const response = await post(`${studyBase()}/export`, DEMO.users.manager.id, { from: today, to: today });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toContain(`filename="audit-entries-${S1.name}.csv"`);
      const text = await response.text();
      // As a spreadsheet reads it (ADR 0031): every cell that is not empty is quoted, quotes doubled; records end with
      // LF, and a line break inside a cell is within its quotes, never bare.
      expect(text).toContain('"plain, with ""quotes""\nand a line"');
      expect(text.replaceAll('"plain, with ""quotes""\nand a line"', "").split("\n").join("")).not.toMatch(/[\r\n]/);
      expect(text).toMatch(/\n"\d{4}-\d{2}-\d{2}T[^"]+Z","Study change 1","Study [^"]+","[^"]+","'=HYPERLINK\(""http/);
      const records = parse(text, { relax_column_count: false }) as string[][];
      expect(records[0]).toEqual([
        "Timestamp (UTC)",
        "Action",
        "Context",
        "Requester",
        "Rationale",
        "HTTP method",
        "API path",
        "Data changes",
      ]);
      // The demo seed's entry of the study comes first (it is older); then ours, oldest first.
      const rows = records.slice(1).filter((r) => r[1]!.startsWith("Study change"));
      expect(rows.map((r) => r[1])).toEqual(["Study change 1", "Study change 2", "Study change 3", "Study change 4"]);
      expect(rows.map((r) => r[4])).toEqual([
        '\'=HYPERLINK("http://evil.example","click")',
        "'+1+2",
        "'@SUM(A1)",
        'plain, with "quotes"\nand a line',
      ]);
      expect(rows[0]![2]).toBe(`Study ${S1.displayId}`);
      expect(rows[0]![3]).toBe(`${DEMO.users.manager.displayName} <${DEMO.users.manager.email}>`);
      expect(rows[0]![5]).toBe("POST");
      expect(rows[0]![6]).toBe("/api/test/study/1");
      expect(JSON.parse(rows[0]![7]!)).toEqual([{ before: '{"title":"old 1"}', after: '{"title":"new 1"}' }]);
      expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);

      // "to" covers the whole of its day: to=today holds entries made now; to=yesterday none of them.
      const toToday = await post(`${studyBase()}/export`, DEMO.users.manager.id, {
        from: null,
        to: `${today}T00:00:00.000Z`,
      });
      expect(parse(await toToday.text()).length).toBeGreaterThanOrEqual(5);
      const empty = await post(`${studyBase()}/export`, DEMO.users.manager.id, { from: tomorrow, to: null });
      expect(empty.status).toBe(404);
      const study2Empty = await post(`${studyBase(DEMO.studies.retired)}/export`, DEMO.users.admin.id, {
        from: yesterday,
        to: yesterday,
      });
      expect(study2Empty.status).toBe(404);
      // Both empty: the whole trail of the study (the seed's entries too).
      const whole = await post(`${studyBase()}/export`, DEMO.users.manager.id, {});
      expect(parse(await whole.text()).length).toBeGreaterThanOrEqual(5);
      // From after To is refused with the spec's message.
      const reversed = await post(`${studyBase()}/export`, DEMO.users.manager.id, { from: today, to: yesterday });
      expect(reversed.status).toBe(400);
      expect(JSON.stringify(await reversed.json())).toContain(
        '\\"From\\" date must be earlier than or equal to \\"To\\" date',
      );
    },
    SLOW,
  );

  it(
    "streams an export in order, at the reader's pace, and gives its connection back however it ends",
    async () => {
      api = await startTestApi(kind);
      await append(Array.from({ length: 40 }, (_, i) => studyRecord(i + 1, S2)));
      const stream = await openAuditExport(
        api.database.db,
        { companyId: C, studyId: S2.id },
        { from: null, to: null },
        {
          batchRows: 7,
        },
      );
      // Entries made after the export started are not in it: it ends, whatever happens meanwhile.
      await append([studyRecord(41, S2)]);
      const text = await new Response(stream).text();
      const rows = (parse(text) as string[][]).slice(1);
      const ours = rows.filter((r) => r[1]!.startsWith("Study change "));
      expect(ours.map((r) => r[1])).toEqual(Array.from({ length: 40 }, (_, i) => `Study change ${i + 1}`));
      const stamps = rows.map((r) => r[0]!);
      expect([...stamps].sort()).toEqual(stamps);
      expect(new Set(stamps).size).toBe(stamps.length);
      expect(text.split("\n").length).toBe(rows.length + 2);

      const pool = (api.database.db as unknown as { $client: unknown }).$client;
      const busy = () => (pool instanceof pg.Pool ? pool.totalCount - pool.idleCount : 0);
      const scope = { companyId: C, studyId: S2.id };
      const until = async (check: () => Promise<boolean>) => {
        for (let tries = 0; tries < 100 && !(await check()); tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return check();
      };
      // A reader that stops taking chunks without closing is given up after a while (here 200 ms), reported once.
      const expectStalledExportGivenUp = async () => {
        const failures: unknown[] = [];
        const stalled = (await openAuditExport(
          api!.database.db,
          scope,
          { from: null, to: null },
          { batchRows: 2, stallMs: 200, onError: (error) => failures.push(error) },
        ))!.getReader();
        expect((await stalled.read()).done).toBe(false);
        expect(await until(async () => failures.length > 0)).toBe(true);
        await expect(stalled.read()).rejects.toThrow(/took nothing for 200 ms/);
        expect(failures).toHaveLength(1);
        expect(busy()).toBe(0);
      };
      if (!(pool instanceof pg.Pool)) {
        // PGlite reads a COPY whole, so the export copies in batches, one when the reader asks: a reader that takes
        // one chunk and waits holds the database to a few queries, not the trail. Counted as a request counts them.
        const queries = await runWithRequestId("back-pressure", async () => {
          const reader = (await openAuditExport(
            api!.database.db,
            scope,
            { from: null, to: null },
            { batchRows: 2 },
          ))!.getReader();
          await reader.read();
          await new Promise((resolve) => setTimeout(resolve, 300));
          const count = currentDbQueries();
          await reader.cancel();
          return count;
        });
        // The newest entry, the range's first; then a batch's end and its COPY for the chunk taken, the one queued and
        // the one asked for ahead. Read to the end, it would be 2 + 2 × 21.
        expect(queries).toBeGreaterThanOrEqual(4);
        expect(queries).toBeLessThanOrEqual(8);
        await expectStalledExportGivenUp();
        return;
      }
      // An export nobody reads, small enough to come at once (the seed's company-level trail), gives its connection
      // back as soon as the database has sent it all: the chunk after the one queued is asked for, and is the end.
      const unread = await openAuditExport(api.database.db, { companyId: C, studyId: null }, { from: null, to: null });
      expect(unread).not.toBeNull();
      expect(await until(async () => busy() === 0)).toBe(true);

      // PostgreSQL streams one COPY. A trail of some megabytes, more than the sockets hold: a reader that takes one
      // chunk and waits leaves the server waiting to write (ClientWrite), and Node holds a chunk or two, not the file.
      await api.database.db.execute(sql`
        insert into audit_entries (id, level, company_id, study_id, entry_point, context_of_change, requester,
                                   data_changes, rationale)
        select 'bp' || lpad(g::text, 22, '0'), 'Study', ${C}, ${S2.id},
               '{"displayText":"Bulk change","httpMethod":"POST","apiPath":"/api/test/bulk"}', null,
               '{"type":"system"}', '[]', repeat('x', 1000) || g
        from generate_series(1, 20000) g`);
      const copying = async () => {
        const result = await api!.database.db.execute(sql`
          select pid, wait_event from pg_stat_activity
          where query like 'copy (select %' and pid <> pg_backend_pid()`);
        return (result as unknown as { rows: { pid: number; wait_event: string | null }[] }).rows;
      };

      const given = (await openAuditExport(api.database.db, scope, { from: null, to: null }))!.getReader();
      const first = await given.read();
      expect(first.done).toBe(false);
      expect(await until(async () => (await copying()).some((row) => row.wait_event === "ClientWrite"))).toBe(true);
      // Given up: the connection is dropped, which ends the COPY on the server.
      await given.cancel();
      expect(await until(async () => (await copying()).length === 0)).toBe(true);
      expect(busy()).toBe(0);

      // The server goes away mid-export: the stream fails, the failure is reported, the process lives on, and the
      // connection is not given to anyone else.
      const failures: unknown[] = [];
      const lost = (await openAuditExport(
        api.database.db,
        scope,
        { from: null, to: null },
        { onError: (error) => failures.push(error) },
      ))!.getReader();
      await lost.read();
      expect(await until(async () => (await copying()).some((row) => row.wait_event === "ClientWrite"))).toBe(true);
      const [copy] = await copying();
      await api.database.db.execute(sql`select pg_terminate_backend(${copy!.pid})`);
      await expect(
        (async () => {
          for (;;) if ((await lost.read()).done) return;
        })(),
      ).rejects.toThrow();
      expect(failures).toHaveLength(1);
      expect(busy()).toBe(0);
      await expectStalledExportGivenUp();
      expect(await until(async () => (await copying()).length === 0)).toBe(true);
      expect(busy()).toBe(0);
      // And the next export reads the whole trail again.
      const again = await new Response(await openAuditExport(api.database.db, scope, { from: null, to: null })).text();
      expect((parse(again) as string[][]).length).toBe(1 + rows.length + 1 + 20000);
      expect(busy()).toBe(0);
    },
    SLOW,
  );

  it(
    "tests a cell for a formula in the database as the product's CSV writer does",
    async () => {
      api = await startTestApi(kind);
      const samples = [
        "=1+2",
        "+1",
        "-1",
        "@SUM(A1)",
        "\tx",
        "\rx",
        "\nx",
        "a=1",
        " =1",
        "",
        "'=1",
        "x-y",
        "[]",
        "\\",
        "é",
      ];
      const result = await api.database.db.execute(
        // Written into the statement as the export writes it (a COPY takes no parameters).
        sql`select regexp_replace(s, ${literal(FORMULA_START_SQL)}, '''') as cell
            from unnest(array[${sql.join(
              samples.map((sample) => sql`${sample}`),
              sql`, `,
            )}]::text[]) with ordinality as t(s, n) order by n`,
      );
      const cells = (result as unknown as { rows: { cell: string }[] }).rows.map((row) => row.cell);
      expect(cells).toEqual(samples.map((cell) => (FORMULA_START.test(cell) ? `'${cell}` : cell)));
      expect(cells.filter((cell) => cell.startsWith("'"))).toHaveLength(8);
    },
    SLOW,
  );

  it(
    "verifies the chain: for system administrators only, and audit:verify finds a tampered row",
    async () => {
      api = await startTestApi(kind);
      await append([studyRecord(1), studyRecord(2), studyRecord(3)]);
      const verify = "/api/system/auditLogs/verify";
      expect((await post(verify, DEMO.users.admin.id)).status).toBe(403);
      await api.database.db.transaction((tx) =>
        insertGrants(tx, [
          { principalType: "user", principalId: DEMO.users.noAccess.id, scope: "system", pattern: "api/system/**" },
        ]),
      );
      const intact = await post(verify, DEMO.users.noAccess.id);
      expect(intact.status).toBe(200);
      const report = await intact.json();
      expect(report).toMatchObject({ ok: true, firstBadSeq: null, firstBadId: null });
      const lines: string[] = [];
      expect(await runAuditVerify(api.database, (line) => lines.push(line))).toBe(0);
      expect(lines[0]).toMatch(new RegExp(`^${report.checked} entries checked in \\d+ ms: chain intact$`));

      // A superuser edits one row behind the triggers' back.
      const [victim] = (
        (await api.database.db.execute(
          sql`select id, seq from audit_entries where rationale = 'because 2'`,
        )) as unknown as { rows: { id: string; seq: string | number }[] }
      ).rows;
      await api.database.db.execute(sql`alter table audit_entries disable trigger user`);
      await api.database.db.execute(
        sql`update audit_entries set rationale = 'nothing to see' where id = ${victim!.id}`,
      );
      await api.database.db.execute(sql`alter table audit_entries enable trigger user`);
      lines.length = 0;
      expect(await runAuditVerify(api.database, (line) => lines.push(line))).toBe(1);
      expect(lines[0]).toContain(`chain broken at seq ${Number(victim!.seq)} (entry ${victim!.id})`);
      expect(await (await post(verify, DEMO.users.noAccess.id)).json()).toMatchObject({
        ok: false,
        firstBadSeq: Number(victim!.seq),
        firstBadId: victim!.id,
      });
    },
    SLOW,
  );
});
