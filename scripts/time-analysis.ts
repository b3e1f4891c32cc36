/**
 * `npm run time:analysis [-- <protocol file>] [-- --db=postgres://…]`: the time from start to Finished of the two
 * analyses (AI risk assessment, CTQ identification with the predefined examples) of one protocol, through the real API
 * service: the upload, the start call, the durable job, the worker pool, the analyzer, the stored files and e-mail.
 * Embedded PGlite in memory unless a PostgreSQL URL is given. A benchmark for the stop note, not a test.
 *
 * The protocol defaults to ../shared/protocols/roche-wa42380-covacta.docx (101 pages in Word's count), read at run time,
 * never copied into the repository.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import deven from "../locales/deven.json";
import { loadConfig } from "../server/config/config";
import { openDatabase } from "../server/db/database";
import { createLogger } from "../server/observability/logger";
import { DEMO } from "../server/seed/demo";
import { createApiService } from "../server/service";

const args = process.argv.slice(2);
const dbUrl = args.find((a) => a.startsWith("--db="))?.slice(5);
const protocol = path.resolve(
  args.find((a) => !a.startsWith("--")) ??
    path.join(process.cwd(), "..", "shared", "protocols", "roche-wa42380-covacta.docx"),
);
const STUDY = DEMO.studies.active.name;
const PAT = `/api/studies/${STUDY}/ProtocolAnalysisTool`;
const examples = (list: Record<string, string>) => Object.values(list).join("\n");

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-time-"));
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      APP_SECRET: "time-analysis-0123456789-abcdefghijklmnop",
      DATA_DIR: dataDir,
    }),
    seedDemoData: true,
  };
  const database = await openDatabase(
    dbUrl ? { kind: "postgres", url: dbUrl, poolMax: 10 } : { kind: "pglite-memory" },
  );
  const service = await createApiService({ config, logger: createLogger("silent"), database, startWorkers: true });
  const token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
  const call = (apiPath: string, body?: BodyInit, json?: unknown) => {
    const headers = new Headers({ authorization: `Bearer ${token}` });
    if (json !== undefined) headers.set("content-type", "application/json");
    const payload = json !== undefined ? JSON.stringify(json) : body;
    return service.fetch(new Request(`http://localhost${apiPath}`, { method: "POST", headers, body: payload }));
  };
  const upload = async () => {
    const form = new FormData();
    form.set("File", new Blob([fs.readFileSync(protocol)]), path.basename(protocol));
    const res = await call("/api/files", form);
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { value: { fileId: string } }).value.fileId;
  };
  const time = async (name: string, start: string, result: string, extra: object) => {
    const fileId = await upload();
    const started = performance.now();
    const res = await call(`${PAT}/${start}`, undefined, { protocolTemporaryFileId: fileId, ...extra });
    if (res.status !== 200) throw new Error(`${name} start: ${res.status} ${await res.text()}`);
    const { id } = ((await res.json()) as { value: { id: string } }).value;
    for (;;) {
      const body = (await (await call(`${PAT}/${result.replace(":id", id)}`, undefined, {})).json()) as {
        state: string;
      };
      if (body.state === "Finished" || body.state === "Failed") {
        console.log(`${name}: ${body.state} ${((performance.now() - started) / 1000).toFixed(1)} s from start`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  console.log(`${path.basename(protocol)} on ${dbUrl ? "PostgreSQL" : "PGlite"}`);
  await time("AI risk assessment", "RiskAssessment/start", "RiskAssessment/:id/getResults", {});
  await time(
    "CTQ identification",
    "CriticalToQualityFactorsIdentification/start",
    "CriticalToQualityFactorsIdentification/:id/getResults",
    {
      criticalProcesses: examples(deven.ctqExamples.criticalProcesses),
      criticalData: examples(deven.ctqExamples.criticalData),
    },
  );
  await service.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
