import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { createLogger } from "@server/observability/logger";
import { protocolAnalysisRequests } from "@server/protocol-analysis/schema";
import { DEMO, DEMO_PASSWORD } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
import { afterAll, describe, expect, it } from "vitest";
import { STUDY, startAssessment, uploadProtocol, waitForEnd } from "../support/analysis";
import { createEmptyPostgresDatabase, dbKinds } from "../support/db";
import { simpleProtocolPdf } from "../support/protocol-files";
import { TEST_SECRET, testConfig, type TestApi } from "../support/service";

/** Issue 15: a job survives kill -9 and a restart; two instances on PostgreSQL run each job once. */

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** An OpenAI-compatible endpoint that takes the request and never answers: the analysis hangs in the middle. */
async function hangingLlm(): Promise<{ url: string; asked: () => number; close(): Promise<void> }> {
  let asked = 0;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => {
    asked += 1;
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    asked: () => asked,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
      }),
  };
}

function startInstance(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/analysis-instance.ts"], {
    env: { ...process.env, ...env, NODE_ENV: "test", LOG_LEVEL: "warn", ENV_FILE: "none", APP_SECRET: TEST_SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("instance did not start")), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`instance exited ${code}`)));
  });
}

/** The calls of the pipeline's helpers, made over HTTP to a child process. */
function httpApi(port: number): TestApi {
  return {
    call(method, apiPath, { token, json, body } = {}) {
      const headers = new Headers();
      if (token) headers.set("authorization", `Bearer ${token}`);
      let payload: BodyInit | undefined = body;
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        payload = JSON.stringify(json);
      }
      return fetch(`http://127.0.0.1:${port}${apiPath}`, { method, headers, body: payload });
    },
  } as TestApi;
}

async function signIn(port: number, email: string): Promise<string> {
  const form = new FormData();
  form.set("Email", email);
  form.set("Password", DEMO_PASSWORD);
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: "POST", body: form });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe("an analysis job survives kill -9", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  });

  it("is picked up again after a restart and finishes", { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-kill-"));
    const llm = await hangingLlm();
    const port = await freePort();
    const base = { PORT: String(port), DATA_DIR: dataDir, SEED_DEMO_DATA: "true", ANALYSIS_RETRY_DELAY_SECONDS: "1" };
    const first = await startInstance({ ...base, ANALYZER: "openai", LLM_BASE_URL: llm.url, LLM_MODEL: "fake" });
    children.push(first);
    const api = httpApi(port);
    const token = await signIn(port, DEMO.users.manager.email);
    const fileId = await uploadProtocol(api, token, await simpleProtocolPdf(), "killed.pdf");
    const { value } = (await (await startAssessment(api, token, fileId)).json()) as { value: { id: string } };
    // Mid-analysis: the job is running and waiting for the model.
    for (let i = 0; llm.asked() === 0; i++) {
      if (i > 300) throw new Error("the analysis never reached the model");
      await new Promise((r) => setTimeout(r, 100));
    }
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    await llm.close();

    const second = await startInstance({ ...base, ANALYZER: "offline" });
    children.push(second);
    const token2 = await signIn(port, DEMO.users.manager.email);
    const result: RiskAssessmentResult = await waitForEnd(api, token2, value.id, 120_000);
    expect(result.state).toBe("Finished");
    expect(result.value!.length).toBeGreaterThan(0);
    second.kill("SIGTERM");
    await new Promise((r) => second.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.runIf(dbKinds().includes("postgres"))("two instances on PostgreSQL", () => {
  const services: ApiService[] = [];
  afterAll(async () => {
    for (const service of services) await service.close();
  });

  it("run each job exactly once", { timeout: 180_000 }, async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const env = { DATABASE_URL: empty.url, SEED_DEMO_DATA: "true", FILE_STORAGE: "database" };
      for (let i = 0; i < 2; i++) {
        services.push(
          await createApiService({ config: testConfig(env), logger: createLogger("silent"), startWorkers: true }),
        );
      }
      const [a, b] = services as [ApiService, ApiService];
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
      const token = await a.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const via = apiOf(i % 2 === 0 ? a : b);
        const fileId = await uploadProtocol(via, token, await simpleProtocolPdf(), `p${i}.pdf`);
        ids.push(((await (await startAssessment(via, token, fileId)).json()) as { value: { id: string } }).value.id);
      }
      for (const id of ids) expect((await waitForEnd(apiOf(b), token, id, 120_000)).state).toBe("Finished");
      const rows = await a.deps.database.db.select().from(protocolAnalysisRequests);
      expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
      expect(STUDY).toBe(DEMO.studies.active.name);
    } finally {
      for (const service of services.splice(0)) await service.close();
      await empty.drop();
    }
  });
});
