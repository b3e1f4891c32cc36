/**
 * npm run faults: the service put through the faults an operator meets, on a throwaway PostgreSQL cluster (issue 22,
 * docs/decisions/0034-job-leases-drain-and-install-lock.md). It builds the service if needed, starts it
 * (`node build/server.js`) on 127.0.0.1, runs a light mixed load (signed-in page views, CP&CD saves, Compliance & Data
 * Quality imports, protocol analyses), and meanwhile: terminates the service's backends, stops and restarts the
 * database, kill -9s the service and starts it again. Then it reports:
 *  - requests failed (answered 5xx or not at all), split by phase: those in flight during a fault window (from the
 *    fault's start until the service answers /readyz again: expected, and counted) and those outside every fault
 *    window (must be 0);
 *  - writes lost: acknowledged writes missing afterwards (must be 0);
 *  - analyses stalled: not ended within 60 s of the service being whole again (must be 0);
 *  - unexpected process exits: the service ending other than by the script's kill -9 (must be 0);
 *  - the audit chain intact (the `npm run audit:verify` check).
 * Bounded (a few minutes), traffic only to 127.0.0.1, stops by itself; exits 1 when a goal is missed, 2 when it
 * could not run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { verifyAuditChain } from "../server/audit/service";
import { openDatabase } from "../server/db/database";
import { DEMO, DEMO_PASSWORD } from "../server/seed/demo";
import { findPostgresBin, startCluster, type Cluster } from "../tests/support/postgres-cluster";
import { simpleProtocolPdf } from "../tests/support/protocol-files";
import { freePort } from "../tests/support/service-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STALL_LIMIT_MS = 60_000;
const C = DEMO.company.id;
const STUDY = DEMO.studies.active.name;
const CSV_HEADER =
  "displayId,type,countryId,country,siteId,site,subjectId,subject,title,category,subCategory,context,reasoning,source,severity,patientSafetyScore,dateOfOccurrence,dateOfDetection,designee,state,reviewStatus,dueDate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stdout.write(`[faults] ${line}\n`);

interface Call {
  what: string;
  start: number;
  end: number;
  /** The status, or 0 when no answer came. */
  status: number;
}

interface Figures {
  calls: Call[];
  unexpectedExits: number;
}

/** A fault window: from the fault's start until the service answers /readyz again. */
interface FaultWindow {
  name: string;
  start: number;
  end: number;
}

const failed = (call: Call) => call.status === 0 || call.status >= 500;
const during = (call: Call, window: FaultWindow) => call.start <= window.end && call.end >= window.start;

async function main(): Promise<number> {
  const bin = findPostgresBin();
  if (!bin) {
    say("PostgreSQL is not installed (initdb and pg_ctl not found): cannot run.");
    return 2;
  }
  if (!fs.existsSync(path.join(root, "build", "server.js")) || !fs.existsSync(path.join(root, "build", "index.js"))) {
    say("building the service (npm run build)");
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) return 2;
  }
  const cluster = await startCluster(bin);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-faults-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    ENV_FILE: "none",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: cluster.url,
    DATABASE_POOL_MAX: "8",
    APP_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "true",
    ANALYZER: "offline",
    ANALYSIS_RETRY_DELAY_SECONDS: "1",
  };
  const figures: Figures = { calls: [], unexpectedExits: 0 };
  const windows: FaultWindow[] = [];
  const untilReady = async () => {
    for (let i = 0; i < 1200; i++) {
      const ready = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error("the service did not become ready again within 120 s");
  };
  /** Runs a fault and records its window, which ends once the service answers /readyz again. */
  const fault = async (name: string, action: () => Promise<void>) => {
    const start = Date.now();
    await action();
    await untilReady();
    windows.push({ name, start, end: Date.now() });
  };
  let service: ChildProcess | undefined;
  let killing = false;
  const log = fs.openSync(path.join(dataDir, "service.log"), "a");
  let keepDataDir = true;
  const startService = async () => {
    const child = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: ["ignore", log, log] });
    child.once("exit", (code, signal) => {
      if (!killing) {
        figures.unexpectedExits += 1;
        say(`the service exited unexpectedly (code ${code}, signal ${signal})`);
      }
    });
    service = child;
    for (let i = 0; i < 1200; i++) {
      if (child.exitCode !== null) throw new Error("the service did not start");
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error("the service did not become ready within 120 s");
  };

  try {
    say(`PostgreSQL on ${cluster.url.replace(/\/\/[^@]*@/, "//")}; the service on ${base}`);
    await startService();
    const load = await startLoad(base, figures);
    const dba = async (text: string) => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        return (await client.query(text)).rowCount ?? 0;
      } finally {
        await client.end();
      }
    };

    // Between the faults the load runs on with nothing wrong: no request may fail there.
    await sleep(6000);
    let terminated = 0;
    await fault("backends terminated", async () => {
      for (let i = 0; i < 3; i++) {
        terminated += await dba(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'rbqm'",
        );
        await sleep(700);
      }
    });
    say(`fault 1: ${terminated} backends terminated`);
    await sleep(6000);
    say("fault 2: the database stopped (fast) for 5 s, then started again");
    await fault("database stopped and restarted", async () => {
      cluster.pause();
      await sleep(5000);
      cluster.resume();
    });
    await sleep(6000);
    say("fault 3: kill -9 of the service, then started again");
    await fault("service kill -9 and restart", async () => {
      killing = true;
      service!.kill("SIGKILL");
      await new Promise((r) => service!.once("exit", r));
      killing = false;
      await startService();
    });
    const whole = Date.now();
    await sleep(8000);
    await load.stop();

    // Every analysis started must end within the stall limit of the service being whole again.
    const stalled = await load.analysesNotEnded(whole + STALL_LIMIT_MS);
    const lost = await load.lostWrites(cluster);
    const database = await openDatabase({ kind: "postgres", url: cluster.url, poolMax: 2 });
    const chain = await verifyAuditChain(database.db).finally(() => database.close());
    killing = true;
    service!.kill("SIGTERM");
    const exitCode = await new Promise<number | null>((r) =>
      service!.exitCode !== null ? r(service!.exitCode) : service!.once("exit", (code) => r(code)),
    );

    const calls = figures.calls;
    const inAnyWindow = (call: Call) => windows.some((window) => during(call, window));
    const outside = calls.filter((call) => !inAnyWindow(call));
    const outsideFailed = outside.filter(failed);
    const goals = {
      failedOutsideFaults: outsideFailed.length === 0,
      writesLost: lost.total === 0,
      stalled: stalled.length === 0,
      exits: figures.unexpectedExits === 0,
      chain: chain.ok,
      shutdown: exitCode === 0,
    };
    say("figures:");
    say(`  requests: ${calls.length}, failed (5xx or no answer): ${calls.filter(failed).length}`);
    const row = (label: string, set: Call[]) =>
      say(`    ${label.padEnd(50)}${String(set.length).padStart(8)}${String(set.filter(failed).length).padStart(8)}`);
    say(`    ${"phase".padEnd(50)}${"requests".padStart(8)}${"failed".padStart(8)}`);
    for (const window of windows) {
      const seconds = ((window.end - window.start) / 1000).toFixed(1);
      row(
        `during: ${window.name} (${seconds} s)`,
        calls.filter((call) => during(call, window)),
      );
    }
    row("outside any fault window", outside);
    for (const call of outsideFailed.slice(0, 10))
      say(`    failed outside the faults: ${call.what} -> ${call.status || "no answer"}`);
    say(`  acknowledged writes: ${lost.acknowledged}, lost: ${lost.total} ${JSON.stringify(lost.byKind)}`);
    say(`  analyses started: ${load.analyses()}, stalled longer than 60 s: ${stalled.length}`);
    say(`  unexpected process exits: ${figures.unexpectedExits}; clean exit at SIGTERM: ${exitCode === 0}`);
    say(`  audit chain intact: ${chain.ok} (${chain.checked} entries checked)`);
    const missed = Object.entries(goals).filter(([, ok]) => !ok);
    say(missed.length === 0 ? "all goals met" : `goals missed: ${missed.map(([name]) => name).join(", ")}`);
    if (missed.length > 0) say(`the service's log: ${path.join(dataDir, "service.log")}`);
    keepDataDir = missed.length > 0;
    return missed.length === 0 ? 0 : 1;
  } finally {
    killing = true;
    if (service && service.exitCode === null) service.kill("SIGKILL");
    fs.closeSync(log);
    stopCluster(cluster);
    // Kept, with the service's log, when a goal was missed or the run stopped short.
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function stopCluster(cluster: Cluster) {
  try {
    cluster.stop();
  } catch (error) {
    say(`could not stop the cluster: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The mixed load: a few clients in loops, each call counted; acknowledged writes remembered to be checked later. */
async function startLoad(base: string, figures: Figures) {
  let running = true;
  const acknowledged = { cpcd: 0, cdq: new Set<string>(), analyses: new Map<string, string>() };
  /** The list's version before the first save: every acknowledged save moves it on by one. */
  let cpcdStart: number | null = null;
  const call = async (url: string, init: RequestInit = {}) => {
    const record: Call = { what: `${init.method ?? "GET"} ${url}`, start: Date.now(), end: 0, status: 0 };
    figures.calls.push(record);
    try {
      const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
      record.status = res.status;
      return res;
    } catch {
      return null;
    } finally {
      record.end = Date.now();
    }
  };
  const json = async <T>(res: Response | null): Promise<T | null> =>
    res && res.status === 200 ? ((await res.json()) as T) : (await res?.body?.cancel(), null);

  const signIn = async (email: string) => {
    for (;;) {
      const form = new FormData();
      form.set("Email", email);
      form.set("Password", DEMO_PASSWORD);
      const body = await json<{ access_token: string }>(await call("/api/auth/login", { method: "POST", body: form }));
      if (body) return body.access_token;
      await sleep(500);
    }
  };
  const admin = await signIn(DEMO.users.admin.email);
  const manager = await signIn(DEMO.users.manager.email);
  const bearer = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const pdf = await simpleProtocolPdf();

  // Signed-in page views through the web app (a session cookie), as a browser makes them.
  const pageViews = async () => {
    const cookies = new Map<string, string>();
    const post = async (pathname: string, form: Record<string, string>) => {
      const res = await call(pathname, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: base,
          "content-type": "application/x-www-form-urlencoded",
          cookie: [...cookies.values()].join("; "),
        },
        body: new URLSearchParams(form),
      });
      for (const header of res?.headers.getSetCookie() ?? []) {
        const pair = header.split(";")[0]!;
        cookies.set(pair.split("=")[0]!, pair);
      }
      await res?.body?.cancel();
    };
    await post("/ng/login", { intent: "continue", email: DEMO.users.monitor.email });
    await post("/ng/login/password", { intent: "signIn", password: DEMO_PASSWORD });
    while (running) {
      const res = await call(`/ng/companies/${C}/studies/${STUDY}`, {
        headers: { cookie: [...cookies.values()].join("; ") },
      });
      await res?.body?.cancel();
      await sleep(300);
    }
  };
  const cpcdSaves = async () => {
    const prefix = `/api/companies/${C}/studies/${STUDY}/criticalData`;
    while (running) {
      const list = await json<{ value: object[]; version: number }>(
        await call(`${prefix}/get`, { method: "POST", headers: bearer(admin) }),
      );
      if (list) {
        cpcdStart ??= list.version;
        const saved = await json<{ version: number }>(
          await call(`${prefix}/save`, {
            method: "POST",
            headers: bearer(admin, { "content-type": "application/json" }),
            body: JSON.stringify({ criticalData: list.value, version: list.version }),
          }),
        );
        if (saved) acknowledged.cpcd += 1;
      }
      await sleep(200);
    }
  };
  let imports = 0;
  const cdqImports = async () => {
    while (running) {
      const displayId = `FAULT-${++imports}`;
      const row = `${displayId},Protocol Deviation,DE,Germany,DE-900,Test Site,900-001,Subject 900-001,Visit out of window,Visit Schedule,Out-of-window visit,ctx,why,Fault script,Major,40,2026-03-01,2026-03-05,${DEMO.users.monitor.email},Active,Reviewed,2026-04-01`;
      const body = new FormData();
      body.set("file", new File([`${CSV_HEADER}\r\n${row}`], "issues.csv", { type: "text/csv" }));
      const res = await call(`/api/companies/${C}/studies/${DEMO.studies.second.name}/dataQualityIssues/import`, {
        method: "POST",
        headers: bearer(admin),
        body,
      });
      if (res?.status === 200) acknowledged.cdq.add(displayId);
      await res?.body?.cancel();
      await sleep(400);
    }
  };
  const analyses = async () => {
    while (running) {
      const form = new FormData();
      form.set("File", new Blob([new Uint8Array(pdf)]), `fault-${acknowledged.analyses.size + 1}.pdf`);
      const file = await json<{ value: { fileId: string } }>(
        await call("/api/files", { method: "POST", headers: bearer(manager), body: form }),
      );
      if (file) {
        const started = await json<{ value: { id: string } }>(
          await call(`/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/start`, {
            method: "POST",
            headers: bearer(manager, { "content-type": "application/json" }),
            body: JSON.stringify({ protocolTemporaryFileId: file.value.fileId }),
          }),
        );
        if (started) acknowledged.analyses.set(started.value.id, file.value.fileId);
      }
      await sleep(2500);
    }
  };
  const loops = [pageViews(), cpcdSaves(), cdqImports(), analyses()];

  return {
    analyses: () => acknowledged.analyses.size,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /** The analyses not ended (Finished or Failed) by `deadline`, polled over the API. */
    async analysesNotEnded(deadline: number): Promise<string[]> {
      const open = new Set(acknowledged.analyses.keys());
      while (open.size > 0 && Date.now() < deadline) {
        for (const id of [...open]) {
          const result = await json<{ state: string }>(
            await call(`/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/${id}/getResults`, {
              method: "POST",
              headers: bearer(manager),
            }),
          );
          if (result && (result.state === "Finished" || result.state === "Failed")) open.delete(id);
        }
        if (open.size > 0) await sleep(1000);
      }
      return [...open];
    },
    /** Acknowledged writes missing from the database. */
    async lostWrites(cluster: Cluster) {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const issues = await client.query<{ display_id: string }>("select display_id from cdq_issues");
        const present = new Set(issues.rows.map((r) => r.display_id));
        const requests = await client.query<{ id: string }>("select id from protocol_analysis_requests");
        const recorded = new Set(requests.rows.map((r) => r.id));
        const list = await client.query<{ version: number }>(
          "select version from cpcd_lists where study_id = $1 and kind = 'criticalData'",
          [DEMO.studies.active.id],
        );
        const byKind = {
          cdq: [...acknowledged.cdq].filter((id) => !present.has(id)).length,
          analyses: [...acknowledged.analyses.keys()].filter((id) => !recorded.has(id)).length,
          cpcd: Math.max(0, (cpcdStart ?? 0) + acknowledged.cpcd - Number(list.rows[0]?.version ?? 0)),
        };
        return {
          acknowledged: acknowledged.cdq.size + acknowledged.analyses.size + acknowledged.cpcd,
          total: byKind.cdq + byKind.analyses + byKind.cpcd,
          byKind,
        };
      } finally {
        await client.end();
      }
    },
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    say(`could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
