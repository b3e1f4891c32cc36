import net from "node:net";
import { RISK_ASSESSMENT_QUEUE } from "@server/protocol-analysis/service";
import { DEMO } from "@server/seed/demo";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startAssessment, uploadProtocol } from "../support/analysis";
import { createEmptyPostgresDatabase, dbKinds } from "../support/db";
import { startLlmGate, until } from "../support/llm-gate";
import { simpleProtocolPdf } from "../support/protocol-files";
import { type TestApi } from "../support/service";
import {
  freePort,
  killProcess,
  startServiceProcess,
  tempDataDir,
  type ServiceProcess,
} from "../support/service-process";

/**
 * Issue 22, defects 4 and 5: the real process entry (server/main.ts) started as an operator does. A port in use is
 * one line that names PORT, and the instance takes no job before it has its port; instances started together on an
 * empty PostgreSQL database all become ready (the queue's install takes the migrations' lock).
 */
const processes: ServiceProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) await killProcess(p);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function occupy(port: number): Promise<() => Promise<void>> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return () => new Promise((resolve) => server.close(() => resolve()));
}

const httpApi = (service: ServiceProcess): TestApi =>
  ({
    call: (method, apiPath, { token, json, body } = {}) =>
      service.call(apiPath, { method, token: token ?? undefined, json, body }),
  }) as TestApi;

describe("a port in use", () => {
  it(
    "on the embedded database: one line that names PORT, a non-zero exit, no stack trace",
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      cleanups.push(await occupy(port));
      const service = await startServiceProcess({ PORT: String(port), DATA_DIR: tempDataDir() }, { ready: "spawned" });
      processes.push(service);
      expect(await service.exited).not.toBe(0);
      const lines = service
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "" && !line.startsWith("{"));
      expect(lines).toEqual([expect.stringContaining(`PORT ${port} is already in use`)]);
      expect(service.output()).not.toMatch(/\n\s+at /);
    },
  );

  it.runIf(dbKinds().includes("postgres"))(
    "on PostgreSQL: the instance that cannot listen takes no job",
    { timeout: 240_000 },
    async () => {
      const empty = await createEmptyPostgresDatabase();
      const llm = await startLlmGate();
      cleanups.push(
        () => llm.close(),
        () => empty.drop(),
      );
      const env = { DATABASE_URL: empty.url, FILE_STORAGE: "database" };
      const first = await startServiceProcess({
        ...env,
        DATA_DIR: tempDataDir(),
        ANALYZER: "openai",
        LLM_BASE_URL: llm.url,
        LLM_MODEL: "fake",
      });
      processes.push(first);
      // One analysis runs on the first instance (its model never answers), a second one waits in the queue.
      const token = await first.signIn(DEMO.users.manager.email);
      for (let i = 0; i < 2; i++) {
        const fileId = await uploadProtocol(httpApi(first), token, await simpleProtocolPdf(), `q${i}.pdf`);
        expect((await startAssessment(httpApi(first), token, fileId)).status).toBe(200);
      }
      await until("an analysis reaches the model", () => llm.asked() > 0);

      const second = await startServiceProcess(
        { ...env, PORT: String(first.port), DATA_DIR: tempDataDir(), ANALYZER: "offline" },
        { ready: "spawned" },
      );
      processes.push(second);
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain(`PORT ${first.port} is already in use`);
      // Its workers never started: the port comes first.
      expect(second.output()).not.toContain('"workers started"');
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ state: string }>(
          "select state from pgboss.job where name = $1 order by state",
          [RISK_ASSESSMENT_QUEUE],
        );
        // The waiting job still waits: the instance that could not serve did not take it.
        expect(rows.map((r) => r.state)).toEqual(["created", "active"]);
        // Nor did it start it and give it back on its way out: the request was never begun.
        const requests = await client.query<{ state: string; attempts: number }>(
          "select state, attempts from protocol_analysis_requests order by created_at",
        );
        expect(requests.rows).toEqual([
          { state: "InProgress", attempts: 1 },
          { state: "New", attempts: 0 },
        ]);
      } finally {
        await client.end();
      }
    },
  );
});

describe.runIf(dbKinds().includes("postgres"))("instances started together on an empty PostgreSQL database", () => {
  it(
    "all become ready: one installs the schema and the queue while the others wait",
    { timeout: 240_000 },
    async () => {
      const empty = await createEmptyPostgresDatabase();
      cleanups.push(() => empty.drop());
      const started = await Promise.allSettled(
        [1, 2, 3].map(() =>
          startServiceProcess({ DATABASE_URL: empty.url, DATA_DIR: tempDataDir(), FILE_STORAGE: "database" }).then(
            (service) => {
              processes.push(service);
              return service;
            },
          ),
        ),
      );
      expect(started.map((s) => (s.status === "fulfilled" ? "ready" : String(s.reason)))).toEqual([
        "ready",
        "ready",
        "ready",
      ]);
      // Each one's workers started too (the queue's install comes after the port): none ended.
      for (const s of started) {
        const service = (s as PromiseFulfilledResult<ServiceProcess>).value;
        await until(
          "the workers start",
          () => service.output().includes('"workers started"') || service.child.exitCode !== null,
        );
        expect(service.child.exitCode).toBeNull();
        expect((await service.call("/readyz", { method: "GET" })).status).toBe(200);
      }
    },
  );
});
