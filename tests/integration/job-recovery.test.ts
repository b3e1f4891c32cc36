import { createLogger } from "@server/observability/logger";
import { RISK_ASSESSMENT_QUEUE } from "@server/protocol-analysis/service";
import { DEMO } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startAssessment, uploadProtocol, waitForEnd } from "../support/analysis";
import { createEmptyPostgresDatabase, dbKinds } from "../support/db";
import { startLlmGate, until, type LlmGate } from "../support/llm-gate";
import { findPostgresBin, startCluster, type Cluster } from "../support/postgres-cluster";
import { simpleProtocolPdf } from "../support/protocol-files";
import { testConfig, type TestApi } from "../support/service";
import { killProcess, startServiceProcess, tempDataDir, type ServiceProcess } from "../support/service-process";

/**
 * Issue 22, defects 2 and 3 and their class: an analysis job is taken back, and finishes exactly once, after a database
 * outage, after kill -9 of its instance, and after a shutdown that could not wait for it; a shutdown takes no job and
 * cuts what is still open so that its client sees it. Counts are asserted (attempts, e-mails, result files), never
 * times: each wait is bounded, far below the 15 minutes a job waited before.
 */
const bin = findPostgresBin();

const apiOf = (service: ApiService): TestApi =>
  ({
    call(method, apiPath, { token, json, body } = {}) {
      const headers = new Headers();
      if (token) headers.set("authorization", `Bearer ${token}`);
      let payload: BodyInit | undefined = body;
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        payload = JSON.stringify(json);
      }
      return service.fetch(new Request(`http://localhost${apiPath}`, { method, headers, body: payload }));
    },
  }) as TestApi;

const httpApi = (service: ServiceProcess): TestApi =>
  ({
    call: (method, apiPath, { token, json, body } = {}) =>
      service.call(apiPath, { method, token: token ?? undefined, json, body }),
  }) as TestApi;

/** What an analysis left, read straight from the database: its attempts, its e-mails, its result files. */
async function outcome(url: string, requestIds: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const requests = await client.query<{ state: string; attempts: number }>(
      "select state, attempts from protocol_analysis_requests where id = any($1) order by created_at",
      [requestIds],
    );
    const mails = await client.query<{ n: string }>("select count(*) as n from mail_outbox where to_address = $1", [
      DEMO.users.manager.email,
    ]);
    const recognized = await client.query<{ n: string }>(
      "select count(*) as n from files where name like '% - recognized protocol.txt'",
    );
    const active = await client.query<{ n: string }>(
      "select count(*) as n from pgboss.job where name = $1 and state = 'active'",
      [RISK_ASSESSMENT_QUEUE],
    );
    return {
      states: requests.rows.map((r) => r.state),
      attempts: requests.rows.map((r) => r.attempts),
      mails: Number(mails.rows[0]!.n),
      resultFiles: Number(recognized.rows[0]!.n),
      activeJobs: Number(active.rows[0]!.n),
    };
  } finally {
    await client.end();
  }
}

describe.runIf(bin !== null)("an analysis whose database goes away while it runs", () => {
  let cluster: Cluster | undefined;
  let service: ApiService | undefined;
  let llm: LlmGate | undefined;
  afterAll(async () => {
    await service?.close();
    await llm?.close();
    cluster?.stop();
  });

  it("is retried once the database is back, and finishes once", { timeout: 180_000 }, async () => {
    cluster = await startCluster(bin!);
    llm = await startLlmGate();
    const env = {
      DATABASE_URL: cluster.url,
      ANALYZER: "openai",
      LLM_BASE_URL: llm.url,
      LLM_MODEL: "fake",
      ANALYSIS_RETRY_DELAY_SECONDS: "1",
    };
    service = await createApiService({
      config: { ...testConfig(env), seedDemoData: true },
      logger: createLogger("silent"),
      startWorkers: true,
    });
    const api = apiOf(service);
    const token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
    const fileId = await uploadProtocol(api, token, await simpleProtocolPdf(), "outage.pdf");
    const { value } = (await (await startAssessment(api, token, fileId)).json()) as { value: { id: string } };
    const gate = llm;
    await until("the analysis reaches the model", () => gate.asked() > 0);
    // The database stops while the job runs; the model answers, so the attempt's final write meets no database.
    cluster.pause();
    gate.open();
    await new Promise((r) => setTimeout(r, 1500));
    cluster.resume();

    const result = await waitForEnd(api, token, value.id, 120_000);
    expect(result.state).toBe("Finished");
    const after = await outcome(cluster.url, [value.id]);
    // The attempt cut by the outage, and the one that finished.
    expect(after).toEqual({ states: ["Finished"], attempts: [2], mails: 1, resultFiles: 1, activeJobs: 0 });
  });
});

describe.runIf(dbKinds().includes("postgres"))("an analysis whose instance ends on PostgreSQL", () => {
  const processes: ServiceProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const p of processes.splice(0)) await killProcess(p);
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function setUp() {
    const empty = await createEmptyPostgresDatabase();
    const llm = await startLlmGate();
    cleanups.push(
      () => llm.close(),
      () => empty.drop(),
    );
    const base = { DATABASE_URL: empty.url, FILE_STORAGE: "database", ANALYSIS_RETRY_DELAY_SECONDS: "1" };
    const first = await startServiceProcess({
      ...base,
      DATA_DIR: tempDataDir(),
      ANALYZER: "openai",
      LLM_BASE_URL: llm.url,
      LLM_MODEL: "fake",
    });
    processes.push(first);
    const token = await first.signIn(DEMO.users.manager.email);
    const ids: string[] = [];
    const start = async () => {
      const fileId = await uploadProtocol(httpApi(first), token, await simpleProtocolPdf(), `p${ids.length}.pdf`);
      const res = await startAssessment(httpApi(first), token, fileId);
      ids.push(((await res.json()) as { value: { id: string } }).value.id);
    };
    const second = async () => {
      const next = await startServiceProcess({ ...base, DATA_DIR: tempDataDir(), ANALYZER: "offline" });
      processes.push(next);
      return next;
    };
    return { url: empty.url, llm, first, token, ids, start, second };
  }

  it(
    "kill -9 mid-analysis: another instance takes the job back and finishes it once",
    { timeout: 240_000 },
    async () => {
      const { url, llm, first, ids, start, second } = await setUp();
      await start();
      await until("the analysis reaches the model", () => llm.asked() > 0);
      first.child.kill("SIGKILL");
      await first.exited;

      const next = await second();
      const token2 = await next.signIn(DEMO.users.manager.email);
      const result = await waitForEnd(httpApi(next), token2, ids[0]!, 120_000);
      expect(result.state).toBe("Finished");
      expect(await outcome(url, ids)).toEqual({
        states: ["Finished"],
        attempts: [2],
        mails: 1,
        resultFiles: 1,
        activeJobs: 0,
      });
    },
  );

  it(
    "SIGTERM while a job runs that then ends: it is finished here, and no other job is taken during the drain",
    { timeout: 240_000 },
    async () => {
      const { url, llm, first, ids, start } = await setUp();
      for (let i = 0; i < 3; i++) await start();
      await until("an analysis reaches the model", () => llm.asked() > 0);
      first.child.kill("SIGTERM");
      await until("the shutdown begins", () => first.output().includes("shutting down"));
      // The running job's model answers during the drain: the job ends, and the instance must not fetch the next one.
      llm.open();
      expect(await first.exited, first.output()).toBe(0);
      expect(llm.asked()).toBe(1);
      expect(first.output()).not.toMatch(/running job handed back/);
      const after = await outcome(url, ids);
      expect(after).toMatchObject({ states: ["Finished", "New", "New"], mails: 1, resultFiles: 1, activeJobs: 0 });
    },
  );

  it(
    "SIGTERM with a job that does not end: no job taken during the drain, the running one handed back and finished once elsewhere",
    { timeout: 240_000 },
    async () => {
      const { url, llm, first, ids, start, second } = await setUp();
      for (let i = 0; i < 3; i++) await start();
      await until("an analysis reaches the model", () => llm.asked() > 0);
      first.child.kill("SIGTERM");
      const code = await first.exited;
      expect({ code, handedBack: /running job handed back/.test(first.output()) }, first.output()).toEqual({
        code: 0,
        handedBack: true,
      });
      // One job ran here; the shutdown took no other.
      expect(llm.asked()).toBe(1);
      expect((await outcome(url, ids)).activeJobs).toBe(0);

      const next = await second();
      const token2 = await next.signIn(DEMO.users.manager.email);
      for (const id of ids) expect((await waitForEnd(httpApi(next), token2, id, 120_000)).state).toBe("Finished");
      const after = await outcome(url, ids);
      expect(after).toMatchObject({ states: ["Finished", "Finished", "Finished"], mails: 3, resultFiles: 3 });
      // The handed-back job ran twice (its first run cut), the others once.
      expect([...after.attempts].sort()).toEqual([1, 1, 2]);
    },
  );
});

describe("a shutdown with a long download open", () => {
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await killProcess(service);
  });

  it("ends the download as an error its client sees, and the process exits cleanly", { timeout: 180_000 }, async () => {
    service = await startServiceProcess({ DATA_DIR: tempDataDir() });
    const token = await service.signIn(DEMO.users.manager.email);
    // A large file (a PDF with 24 MB of padding): its download outlasts the drain when its reader stops reading.
    const big = Buffer.concat([await simpleProtocolPdf(), Buffer.alloc(24 * 1024 * 1024, 0x20)]);
    const form = new FormData();
    form.set("File", new Blob([new Uint8Array(big)]), "big.pdf");
    const upload = await service.call("/api/files", { token, body: form });
    expect(upload.status).toBe(200);
    const { value } = (await upload.json()) as { value: { fileId: string } };
    const download = await service.call(`/api/files/get/${value.fileId}`, { token });
    expect(download.status).toBe(200);
    const reader = download.body!.getReader();
    let received = (await reader.read()).value?.length ?? 0;

    service.child.kill("SIGTERM");
    // The reader comes back after the shutdown: what it reads ends in an error, not a clean end of a short body.
    expect(await service.exited).toBe(0);
    const rest = await (async () => {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) return "ended";
        received += chunk.length;
      }
    })().catch(() => "error");
    expect(rest).toBe("error");
    expect(received).toBeLessThan(big.length);
  });
});

describe.runIf(dbKinds().includes("postgres"))("a shutdown with an audit export open on PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it(
    "cuts the export, so that its held connection is given back and the process exits cleanly; the client sees an error",
    { timeout: 180_000 },
    async () => {
      const empty = await createEmptyPostgresDatabase();
      cleanups.push(() => empty.drop());
      const service = await startServiceProcess({
        DATABASE_URL: empty.url,
        DATA_DIR: tempDataDir(),
        FILE_STORAGE: "database",
      });
      cleanups.unshift(() => killProcess(service));
      // A trail of some megabytes, more than the sockets hold: the export's COPY waits on its reader, holding its
      // connection (the database's pool cannot close while it is held).
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        await client.query(
          `insert into audit_entries (id, level, company_id, study_id, entry_point, context_of_change, requester,
                                      data_changes, rationale)
           select 'sd' || lpad(g::text, 22, '0'), 'Study', $1, $2,
                  '{"displayText":"Bulk change","httpMethod":"POST","apiPath":"/api/test/bulk"}', null,
                  '{"type":"system"}', '[]', repeat('x', 1000) || g
           from generate_series(1, 20000) g`,
          [DEMO.company.id, DEMO.studies.active.id],
        );
      } finally {
        await client.end();
      }
      const token = await service.signIn(DEMO.users.manager.email);
      const download = await service.call(
        `/api/companies/${DEMO.company.id}/studies/${DEMO.studies.active.name}/auditLogs/export`,
        { token, json: {} },
      );
      expect(download.status).toBe(200);
      const reader = download.body!.getReader();
      expect((await reader.read()).done).toBe(false);

      service.child.kill("SIGTERM");
      expect(await service.exited, service.output()).toBe(0);
      const rest = await (async () => {
        for (;;) if ((await reader.read()).done) return "ended";
      })().catch(() => "error");
      expect(rest).toBe("error");
    },
  );
});
