import { listAuditEntries } from "@server/audit/read";
import { verifyAuditChain } from "@server/audit/service";
import { DEMO } from "@server/seed/demo";
import { sql } from "drizzle-orm";
import { bench, describe } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

/**
 * The audit trail at scale (issue 13, ADR 0026), on PostgreSQL (PGlite when the run has none, with 1/10 the data).
 * Reported, not asserted. Goals:
 *  - the list call's server time at 1,000,000 entries of one study ≤ 5 ms, and within ×2 of the time at 10,000;
 *  - the export streams ≥ 100,000 rows/s for 1M entries, the process's RSS growing by < 100 MB;
 *  - audit:verify over the whole trail (reported).
 * The data is made here, through the insert trigger, so every entry is stamped and chained as in production.
 */
const postgres = dbKinds().includes("postgres");
const BIG = postgres ? 1_000_000 : 100_000;
const SMALL = 10_000;
const C = DEMO.company.id;
const small = DEMO.studies.active;
const big = DEMO.studies.second;

// Benchmarks do not run hooks before timing, so the data is made at module load.
const api: TestApi = await startTestApi(postgres ? "postgres" : "pglite");
const token = await api.token(DEMO.users.manager.id);
process.on("beforeExit", () => void api.close());

async function generate(study: { id: string; name: string; displayId: string }, count: number, prefix: string) {
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk);
    await api.database.db.execute(sql`
      insert into audit_entries (id, level, company_id, study_id, entry_point, context_of_change, requester,
                                 request_body, response_body, data_changes, rationale)
      select ${prefix} || lpad(to_hex(g), 20, '0'), 'Study', ${C}, ${study.id},
             jsonb_build_object('displayText', 'Save study critical processes', 'httpMethod', 'POST',
                                'apiPath', ${`/api/companies/${C}/studies/${study.name}/criticalProcesses/save`}::text),
             jsonb_build_object('id', ${study.id}::text, 'type', 'Study',
                                'extraInfo', jsonb_build_object('displayId', ${study.displayId}::text)),
             jsonb_build_object('type', 'user', 'id', ${DEMO.users.manager.id}::text,
                                'displayName', 'Sam Manager', 'email', 'manager@demo-pharma.example'),
             '{"criticalProcesses":[{"title":"Informed consent","details":"Checked at every visit"}],"rationaleForChange":"Protocol amendment ' || g || '"}',
             '{"isSuccess":true}',
             jsonb_build_array(jsonb_build_object(
               'before', '{"title":"Informed consent","details":"v' || (g - 1) || '"}',
               'after', '{"title":"Informed consent","details":"v' || g || '"}')),
             'Protocol amendment ' || g
      from generate_series(${start + 1}::int, ${end}::int) g`);
  }
}

const made = Date.now();
await generate(small, SMALL, "a000");
await generate(big, BIG, "b000");
await api.database.db.execute(sql`analyze audit_entries`);
console.log(`[audit bench] ${api.database.kind}: ${SMALL} + ${BIG} entries made in ${Date.now() - made} ms`);

/** A cursor in the middle of the big study's trail: a deep page. */
const [middle] = (
  (await api.database.db.execute(sql`
    select to_char("timestamp" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts
    from audit_entries where study_id = ${big.id} order by "timestamp" desc offset ${Math.floor(BIG / 2)} limit 1`)) as unknown as {
    rows: { ts: string }[];
  }
).rows;
const list = (studyName: string, before: string | null) =>
  api.call("POST", `/api/companies/${C}/studies/${studyName}/auditLogs/get`, { token, json: { filter: { before } } });

describe(`audit list (${api.database.kind})`, () => {
  bench(`query, first page, ${SMALL} entries`, async () => {
    await listAuditEntries(api.database.db, { companyId: C, studyId: small.id }, null);
  });
  bench(`query, first page, ${BIG} entries`, async () => {
    await listAuditEntries(api.database.db, { companyId: C, studyId: big.id }, null);
  });
  bench(`query, page in the middle, ${BIG} entries`, async () => {
    await listAuditEntries(api.database.db, { companyId: C, studyId: big.id }, middle!.ts);
  });
  bench(`API call, ${SMALL} entries`, async () => {
    await (await list(small.name, new Date().toISOString())).arrayBuffer();
  });
  bench(`API call, ${BIG} entries`, async () => {
    await (await list(big.name, new Date().toISOString())).arrayBuffer();
  });
});

describe(`audit export and verify (${api.database.kind})`, () => {
  // Twice: the first export of the process also grows V8's heap to its working size (a one-off, measured +58–87 MB
  // whatever the export's size); the second shows what an export itself holds. Both are printed.
  let exportRun = 0;
  bench(
    `export ${BIG} entries, twice (rows/s and RSS growth are printed)`,
    async () => {
      exportRun++;
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const response = await api.call("POST", `/api/companies/${C}/studies/${big.name}/auditLogs/export`, {
        token,
        json: {},
      });
      const reader = response.body!.getReader();
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        // Buffer.indexOf: the reader's own cost stays small beside the export's (a byte loop took 6 % of the profile).
        const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      // Lines, not records: a rationale may not hold a line break here, so each record is one line; minus the header.
      const rows = lines - 1;
      console.log(
        `[audit bench] export ${exportRun === 1 ? "1 (cold)" : `${exportRun} (warm)`}: ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s; ` +
          `RSS ${(rssBefore / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - rssBefore) / 2 ** 20).toFixed(0)} MB)`,
      );
    },
    { iterations: 2, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
  bench(
    `audit:verify over ${SMALL + BIG} entries`,
    async () => {
      const started = performance.now();
      const report = await verifyAuditChain(api.database.db);
      console.log(
        `[audit bench] verify: ${report.checked} entries in ${Math.round(performance.now() - started)} ms, ok=${report.ok}`,
      );
    },
    { iterations: 1, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
