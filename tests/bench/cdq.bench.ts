import { listIssues } from "@server/cdq/service";
import { DEMO } from "@server/seed/demo";
import { sql } from "drizzle-orm";
import { bench, describe, inject } from "vitest";
import { startTestApi, type TestApi } from "../support/service";

/**
 * The Compliance & Data Quality list at 100,000 issues in one study, on PostgreSQL (issue 14). Goal: the list call
 * answers the first and the last page in ≤ 20 ms each (mean). The page is read from the nearer end of the study's
 * (dateOfDetection, id) index, so the last page costs what the first does; a page in the middle (the worst case)
 * is measured too. `npx vitest bench --run tests/bench/cdq.bench.ts`; reported, not asserted.
 */
const ISSUES = 100_000;
const C = DEMO.company.id;
const STUDY = DEMO.studies.second;

// Benchmarks do not run hooks before timing, so the API starts at module load: PostgreSQL when the run has one.
const kind = inject("postgresUrl") ? "postgres" : "pglite";
const api: TestApi = await startTestApi(kind);
const token = await api.token(DEMO.users.monitor.id);
process.on("beforeExit", () => void api.close());

// 100,000 generated issues in DEMO-002 (beside its demo ones), in one statement.
await api.database.db.execute(sql`
  insert into cdq_issues (id, company_id, study_id, display_id, type, country, site, subject, title, category,
    sub_category, context, reasoning, source, severity, patient_safety_score, date_of_occurrence, date_of_detection,
    designee, state, review_status, due_date, date_of_last_update)
  select lpad(to_hex(n), 24, '0'), ${C}, ${STUDY.id}, 'BENCH-' || lpad(n::text, 6, '0'),
    (array['Protocol Deviation', 'Data Quality', 'Compliance Finding'])[1 + n % 3],
    jsonb_build_object('id', 'DE', 'displayName', 'Germany'),
    jsonb_build_object('id', 'DE-' || (100 + n % 40), 'displayName', 'Site ' || (100 + n % 40)),
    jsonb_build_object('id', 'S-' || n, 'displayName', 'Subject ' || n),
    'Generated issue ' || n, 'Visit Schedule', 'Out-of-window visit',
    jsonb_build_array(jsonb_build_object('display', 'Visit ' || (n % 9)), jsonb_build_object('display', 'Generated')),
    'A generated finding for the benchmark, long enough to look like a real reasoning text of an issue.',
    'Bench', (array['Critical', 'Major', 'Minor'])[1 + n % 3], n % 100,
    now() - (n % 400) * interval '1 day', now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second',
    jsonb_build_object('type', 'user', 'id', ${DEMO.users.manager.id}::text, 'displayName', 'Sam Manager'),
    case when n % 3 = 0 then 'Completed' else 'Active' end,
    (array[null, 'Reviewed', 'Verified', 'Rejected'])[1 + n % 4],
    now() + ((n % 90) - 30) * interval '1 day', now()
  from generate_series(1, ${ISSUES}::int) as n`);
if (kind === "postgres") await api.database.db.execute(sql`vacuum analyze cdq_issues`);

const list = (page: number, pageSize: number) =>
  api.call("POST", `/api/companies/${C}/studies/${STUDY.name}/dataQualityIssues/get`, {
    token,
    json: { page, pageSize },
  });
const total = ISSUES + 80;
const last = (size: number) => Math.ceil(total / size);

describe(`list call at ${ISSUES} issues (${kind}, in-process API)`, () => {
  bench("first page of 10", async () => {
    await list(1, 10);
  });
  bench("last page of 10", async () => {
    await list(last(10), 10);
  });
  bench("first page of 50", async () => {
    await list(1, 50);
  });
  bench("last page of 50", async () => {
    await list(last(50), 50);
  });
  bench("middle page of 50 (the worst case)", async () => {
    await list(Math.ceil(last(50) / 2), 50);
  });
});

describe(`list query alone at ${ISSUES} issues (${kind})`, () => {
  bench("first page of 50", async () => {
    await listIssues(api.database.db, STUDY.id, { page: 1, pageSize: 50 });
  });
  bench("last page of 50", async () => {
    await listIssues(api.database.db, STUDY.id, { page: last(50), pageSize: 50 });
  });
});
