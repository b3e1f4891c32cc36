import { DEMO } from "@server/seed/demo";
import { bench, describe } from "vitest";
import { generatedProtocol } from "../fixtures/protocols/generate";
import { startAssessment, STUDY, uploadProtocol, waitForEnd } from "../support/analysis";
import { startTestApi, type TestApi } from "../support/service";

/**
 * The Protocol Analysis pipeline (issue 15; ADR 0028), reported by `npm run bench`, not asserted:
 *  - a 100-page protocol from the start call to Finished, offline analyzer (upload excluded): goal ≤ 5 s;
 *  - a signed-in page's API calls (settings, permission check, study list, as every page makes them) while an analysis
 *    runs, against idle: goal p99 within ×2 (the analysis runs in the worker pool, off the request thread).
 */
const api: TestApi = await startTestApi("pglite", { startWorkers: true });
const token = await api.token(DEMO.users.manager.id);
const protocol = await generatedProtocol("gen-ph3-cardio-100p");
let busy = false;
let background: Promise<void> | null = null;
process.on("beforeExit", () => {
  busy = false;
  void (background ?? Promise.resolve()).then(() => api.close());
});

async function analyseOnce(): Promise<void> {
  const fileId = await uploadProtocol(api, token, protocol.bytes, "cardio-100p.pdf");
  const res = await startAssessment(api, token, fileId);
  const { value } = (await res.json()) as { value: { id: string } };
  const result = await waitForEnd(api, token, value.id, 120_000);
  if (result.state !== "Finished") throw new Error(`analysis ${result.state}: ${result.result.errorDetails}`);
}

async function page(): Promise<void> {
  await api.call("GET", "/api/v2/settings", { token });
  await api.call("POST", "/api/auth/permissions/check", {
    token,
    json: { permissions: [{ url: `api/companies/${DEMO.company.id}/studies/${STUDY}/get` }] },
  });
  await api.call("POST", `/api/companies/${DEMO.company.id}/studies/get`, { token, json: {} });
}

describe("protocol analysis, start → Finished", () => {
  bench("100-page PDF, offline analyzer (upload, start, poll until Finished)", analyseOnce, {
    iterations: 3,
    time: 0,
    warmupIterations: 1,
  });
});

describe("a signed-in page's API calls", () => {
  bench("idle", page, { time: 3_000 });
  bench(
    "while an analysis runs",
    async () => {
      if (!busy) {
        busy = true;
        // One upload, then analyses back to back: what runs is the analysis, not the upload.
        const fileId = await uploadProtocol(api, token, protocol.bytes, "cardio-100p.pdf");
        background = (async () => {
          while (busy) {
            const res = await startAssessment(api, token, fileId);
            const { value } = (await res.json()) as { value: { id: string } };
            await waitForEnd(api, token, value.id, 120_000);
          }
        })();
        await new Promise((r) => setTimeout(r, 500));
      }
      await page();
    },
    { time: 3_000, teardown: () => void (busy = false) },
  );
});
