// `npm run soak`: the production build under a soak of signed-in virtual users (issue 26; docs/decisions/0037).
//
// It starts build/server.js (building it first if missing) on a throwaway PostgreSQL cluster when PostgreSQL is
// installed, else on a fresh PGlite data directory; SOAK_DB=pglite|postgres chooses. Before the service starts, the
// database gets the demo data and one account per virtual user (scripts/soak-seed.ts). Each virtual user signs in
// through the web forms (e-mail step, then password) with its own session, and through POST /api/auth/login for its
// API calls, then loops until the time is up: a page or an API call drawn from a weighted mix, then 1–3 s of think
// time. It prints requests, errors (by status and page), p50/p95/p99 overall and per page, the service's CPU time per
// request (from /proc/<pid>/stat of the child) and its RSS every 10 s. Exit code 1 when any request failed.
//
//   SOAK_USERS (default 100), SOAK_SECONDS (default 300), SOAK_DB (pglite | postgres; default: postgres when
//   installed), SOAK_THINK_MS (default "1000-3000").
// All traffic goes to 127.0.0.1; the service and the cluster are stopped at the end.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = positiveInt("SOAK_USERS", 100);
const SECONDS = positiveInt("SOAK_SECONDS", 300);
const [THINK_MIN, THINK_MAX] = (process.env.SOAK_THINK_MS ?? "1000-3000").split("-").map(Number);
const PASSWORD = "Rbqm-Demo-2026";
/** Polls of /readyz, 200 ms apart: a fresh database's start (migrations, the demo seed) on a busy machine. */
const STARTUP_POLLS = 900;
const COMPANY = "6560de000000000000000001";
const STUDY = "DEMO001";
const RSS_EVERY_MS = 10_000;
/** A request that takes longer than this is a failure (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`soak: ${name} must be a positive whole number, not "${raw}"`);
    process.exit(2);
  }
  return value;
}
if (!(THINK_MIN >= 0 && THINK_MAX >= THINK_MIN)) {
  console.error(`soak: SOAK_THINK_MS must be "min-max" in milliseconds`);
  process.exit(2);
}
const wanted = process.env.SOAK_DB ?? "";
if (!["", "pglite", "postgres"].includes(wanted)) {
  console.error(`soak: SOAK_DB must be "pglite" or "postgres", not "${wanted}"`);
  process.exit(2);
}

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.log("soak: build/server.js is missing; building it (npm run build)");
  const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The TypeScript helpers (the cluster of the tests, the seed of the soak's accounts, the report), bundled once.
const outdir = path.join(root, "tests", ".tmp", "soak");
await build({
  entryPoints: {
    cluster: "tests/support/postgres-cluster.ts",
    seed: "scripts/soak-seed.ts",
    report: "scripts/soak-report.ts",
    protocol: "tests/support/protocol-files.ts",
  },
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outdir,
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
});
const load = (name) => import(pathToFileURL(path.join(outdir, `${name}.mjs`)).href);
const { findPostgresBin, startCluster } = await load("cluster");
const { seedSoakUsers } = await load("seed");
const { simpleProtocolPdf } = await load("protocol");
const { weightedPicker, thinkTime, cpuTicksFromStat, rssBytesFromStatus, formatSoakReport, soakTotals } =
  await load("report");

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
/** The last readings, kept for a service that has exited since (its /proc entry is gone; its requests fail). */
const last = { cpuMs: Number.NaN, rss: Number.NaN };
function cpuMsOf(pid) {
  try {
    last.cpuMs = (cpuTicksFromStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8")) / CLOCK_TICKS) * 1000;
  } catch {
    // gone: the last reading
  }
  return last.cpuMs;
}
function rssOf(pid) {
  try {
    last.rss = rssBytesFromStatus(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    // gone: the last reading
  }
  return last.rss;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// --- The database and the service --------------------------------------------------------------------------------

let cluster = null;
const bin = wanted === "pglite" ? null : findPostgresBin();
if (wanted === "postgres" && !bin) {
  console.error("soak: SOAK_DB=postgres, but PostgreSQL (initdb, pg_ctl) is not installed");
  process.exit(2);
}
if (bin) cluster = await startCluster(bin);
const label = cluster ? "PostgreSQL" : "PGlite";

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-soak-"));
const serviceEnv = {
  ...process.env,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  ENV_FILE: "none",
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  // A virtual user's API token must outlive the run (its web session refreshes itself through the cookie jar).
  ACCESS_TOKEN_TTL_SECONDS: String(Math.max(3600, SECONDS + 600)),
  ...(cluster
    ? {
        DATABASE_URL: cluster.url,
        SEED_DEMO_DATA: "true",
        APP_SECRET: "soak-secret-0123456789-abcdefghijklmnop",
      }
    : {}),
};

let child = null;
const cleanups = [];
async function cleanUp() {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  for (const fn of cleanups.splice(0)) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
}
cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
if (cluster) cleanups.push(() => cluster.stop());
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

const base = `http://127.0.0.1:${port}`;
let emails;
try {
  console.log(`soak: ${label}, creating ${USERS} accounts…`);
  emails = await seedSoakUsers(serviceEnv, USERS);

  child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: serviceEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The request log is drained (a full pipe would stall the service); the last lines are kept for a failure.
  const tail = [];
  const keep = (chunk) => {
    tail.push(String(chunk));
    if (tail.length > 40) tail.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  cleanups.unshift(() => {
    if (process.exitCode) console.error(tail.join("").split("\n").slice(-20).join("\n"));
  });
  let ready = false;
  for (let i = 0; i < STARTUP_POLLS && !ready && child.exitCode === null; i++) {
    try {
      ready = (await fetch(`${base}/readyz`)).ok;
    } catch {
      // not yet listening
    }
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) throw new Error("the service did not become ready");
} catch (error) {
  console.error(`soak: ${error.message}`);
  process.exitCode = 1;
  await cleanUp();
  process.exit(1);
}

// --- Virtual users -------------------------------------------------------------------------------------------------

/** Cookies of a Set-Cookie list, merged into a jar. */
function absorb(jar, response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** One timed request, its body read to the end. */
async function timed(page, url, init, isSuccess) {
  const started = performance.now();
  let status = 0;
  let bytes = 0;
  let body = null;
  let response = null;
  try {
    response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
    status = response.status;
    body = Buffer.from(await response.arrayBuffer());
    bytes = body.length;
  } catch {
    status = 0;
  }
  const ms = performance.now() - started;
  const outcome = status === 0 ? "error" : isSuccess(status, body);
  return {
    record: { page, status, ms, bytes, error: outcome === "error", conflict: outcome === "conflict" },
    response,
    body,
  };
}
const ok = (status) => (status === 200 ? "ok" : "error");

class VirtualUser {
  constructor(email) {
    this.email = email;
    this.jar = new Map();
    this.token = null;
  }

  async page(page, pathname) {
    const result = await timed(page, `${base}${pathname}`, { headers: { cookie: cookieHeader(this.jar) } }, ok);
    if (result.response) absorb(this.jar, result.response);
    return result;
  }

  async form(page, pathname, fields, isSuccess) {
    const result = await timed(
      page,
      `${base}${pathname}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: base,
          cookie: cookieHeader(this.jar),
        },
        body: new URLSearchParams(fields),
      },
      isSuccess,
    );
    if (result.response) absorb(this.jar, result.response);
    return result;
  }

  async api(page, pathname, { method = "POST", body = {}, isSuccess = ok } = {}) {
    return timed(
      page,
      `${base}/api${pathname}`,
      {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
      },
      isSuccess,
    );
  }

  /** The real sign-in forms, then the API's login for the calls; records each step. */
  async signIn(record) {
    const redirected = (status) => ([302, 303].includes(status) ? "ok" : "error");
    const first = await this.form(
      "sign-in: e-mail step",
      "/ng/login?index",
      { intent: "continue", email: this.email },
      redirected,
    );
    record(first.record);
    const second = await this.form(
      "sign-in: password step",
      "/ng/login/password",
      { intent: "signIn", password: PASSWORD },
      redirected,
    );
    const signedIn = [...this.jar.keys()].some((name) => name.includes("rbqm_auth"));
    if (!second.record.error && !signedIn) second.record.error = true;
    record(second.record);
    const api = await timed(
      "API sign-in (POST /api/auth/login)",
      `${base}/api/auth/login`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ Email: this.email, Password: PASSWORD }),
      },
      ok,
    );
    record(api.record);
    if (!api.record.error) this.token = JSON.parse(api.body.toString("utf8")).access_token ?? null;
    return signedIn && this.token !== null;
  }
}

// --- The mix ---------------------------------------------------------------------------------------------------------

const company = `/ng/companies/${COMPANY}`;
const study = `${company}/studies/${STUDY}`;
const apiStudy = `/companies/${COMPANY}/studies/${STUDY}`;
/** What the list pages link to (each visit takes one of them at random), and a results page. */
const ids = { auditEntries: [], cdqIssues: [], results: [] };
const anyOf = (list) => list[Math.floor(Math.random() * list.length)];

/** A CP&CD save as the editor makes it: the list as loaded, under the version it was loaded at. */
async function saveCpcd(user, record) {
  const got = await user.api("API CP&CD get", `${apiStudy}/criticalProcesses/get`);
  record(got.record);
  if (got.record.error) return;
  const list = JSON.parse(got.body.toString("utf8"));
  const saved = await user.api("API CP&CD save", `${apiStudy}/criticalProcesses/save`, {
    body: { criticalProcesses: list.value, version: list.version },
    // 409: another virtual user saved since this one loaded: the right answer, not a failure.
    isSuccess: (status) => (status === 200 ? "ok" : status === 409 ? "conflict" : "error"),
  });
  record(saved.record);
}

/** Weights: a working day's mix of the signed-in pages (about 70%) and the main API calls (about 30%). */
const mix = [
  { name: "study overview", weight: 14, run: (u) => u.page("study overview", study) },
  { name: "company home (the study list)", weight: 14, run: (u) => u.page("company home (the study list)", company) },
  { name: "CP&CD, processes tab", weight: 6, run: (u) => u.page("CP&CD, processes tab", `${study}/cpcd?cpOrCd=cp`) },
  { name: "CP&CD, data tab", weight: 4, run: (u) => u.page("CP&CD, data tab", `${study}/cpcd?cpOrCd=cd`) },
  { name: "company CP&CD", weight: 2, run: (u) => u.page("company CP&CD", `${company}/cpcd?cpOrCd=cp`) },
  { name: "study audit list", weight: 6, run: (u) => u.page("study audit list", `${study}/audit`) },
  {
    name: "study audit entry",
    weight: 4,
    needs: "auditEntries",
    run: (u) => u.page("study audit entry", `${study}/audit/${anyOf(ids.auditEntries)}`),
  },
  { name: "company audit list", weight: 2, run: (u) => u.page("company audit list", `${company}/audit`) },
  { name: "CDQ list", weight: 6, run: (u) => u.page("CDQ list", `${study}/cdq`) },
  {
    name: "CDQ issue",
    weight: 4,
    needs: "cdqIssues",
    run: (u) => u.page("CDQ issue", `${study}/cdq/${anyOf(ids.cdqIssues)}`),
  },
  {
    name: "Protocol Analysis landing",
    weight: 4,
    run: (u) => u.page("Protocol Analysis landing", `${study}/protocolAnalysisTool`),
  },
  {
    name: "Protocol Analysis upload form",
    weight: 2,
    run: (u) => u.page("Protocol Analysis upload form", `${study}/riskAssessment/identification`),
  },
  {
    name: "Protocol Analysis results",
    weight: 3,
    needs: "results",
    run: (u) => u.page("Protocol Analysis results", anyOf(ids.results)),
  },
  { name: "API settings", weight: 6, run: (u) => u.api("API settings", "/v2/settings", { method: "GET" }) },
  { name: "API notifications", weight: 5, run: (u) => u.api("API notifications", "/users/me/notifications/get") },
  { name: "API study list", weight: 3, run: (u) => u.api("API study list", `/companies/${COMPANY}/studies/get`) },
  { name: "API study", weight: 3, run: (u) => u.api("API study", `${apiStudy}/get`) },
  { name: "API CP&CD get", weight: 5, run: (u) => u.api("API CP&CD get", `${apiStudy}/criticalData/get`) },
  { name: "API CP&CD save", weight: 2, compound: true, run: saveCpcd },
  { name: "API audit list", weight: 3, run: (u) => u.api("API audit list", `${apiStudy}/auditLogs/get`) },
  {
    name: "API audit entry",
    weight: 2,
    needs: "auditEntries",
    run: (u) => u.api("API audit entry", `${apiStudy}/auditLogs/${anyOf(ids.auditEntries)}/get`),
  },
  { name: "API CDQ list", weight: 2, run: (u) => u.api("API CDQ list", `${apiStudy}/dataQualityIssues/get`) },
  {
    name: "API Protocol Analysis requests",
    weight: 2,
    run: (u) => u.api("API Protocol Analysis requests", `/studies/${STUDY}/ProtocolAnalysisTool/requests/get`),
  },
];

/**
 * The address of a finished AI risk assessment's results page: the demo has none, so one small protocol is uploaded
 * and assessed (the offline analyzer unless ANALYZER says otherwise); null if that fails within two minutes.
 */
async function riskAssessmentResults(user) {
  const form = new FormData();
  form.set("File", new Blob([new Uint8Array(await simpleProtocolPdf())]), "soak protocol.pdf");
  const headers = { authorization: `Bearer ${user.token}` };
  const uploaded = await fetch(`${base}/api/files`, { method: "POST", headers, body: form });
  if (uploaded.status !== 200) return null;
  const { fileId } = (await uploaded.json()).value;
  const analysis = `/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment`;
  const started = await user.api("discovery", `${analysis}/start`, { body: { protocolTemporaryFileId: fileId } });
  if (started.record.error) return null;
  const { id } = JSON.parse(started.body.toString("utf8")).value;
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(500)) {
    const result = await user.api("discovery", `${analysis}/${id}/getResults`);
    const state = result.record.error ? null : JSON.parse(result.body.toString("utf8")).state;
    if (state === "Finished") return `${study}/riskAssessment/results?id=${encodeURIComponent(id)}`;
    if (state !== "New" && state !== "InProgress") return null;
  }
  return null;
}

/** The distinct links of a page's HTML that match the global `pattern` (its group 1). */
const links = (html, pattern) => [...new Set([...html.matchAll(pattern)].map((match) => match[1]))];

/**
 * Before the clock starts: one virtual user finds the ids the mix needs (audit entries, CDQ issues, a results
 * page) from the list pages' links, and makes every page and call of the mix once. A failure there stops the soak.
 */
async function preflight(user) {
  const records = [];
  if (!(await user.signIn((r) => records.push(r)))) return ["the first virtual user could not sign in", records];
  const html = async (pathname) => (await user.page("discovery", pathname)).body?.toString("utf8") ?? "";
  const escaped = study.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  ids.auditEntries = links(await html(`${study}/audit`), new RegExp(`href="${escaped}/audit/([^"?/]+)"`, "g"));
  ids.cdqIssues = links(await html(`${study}/cdq`), new RegExp(`href="${escaped}/cdq/([^"?/]+)"`, "g"));
  const results = await riskAssessmentResults(user);
  ids.results = results ? [results] : [];
  for (const entry of mix) {
    if (entry.needs && ids[entry.needs].length === 0) {
      console.warn(`soak: no link found for "${entry.name}"; left out of the mix`);
      entry.weight = 0;
      continue;
    }
    const before = records.length;
    if (entry.compound) await entry.run(user, (r) => records.push(r));
    else records.push((await entry.run(user)).record);
    const failed = records.slice(before).find((r) => r.error);
    if (failed) return [`"${entry.name}" failed in the preflight: status ${failed.status}`, records];
  }
  return [null, records];
}

const records = [];
const record = (r) => records.push(r);

/** The soak itself, once the service is up: the preflight, the virtual users, the report. Returns the errors. */
async function soak() {
  const [problem] = await preflight(new VirtualUser(emails[0]));
  if (problem) throw new Error(problem);

  const pick = weightedPicker(mix);
  /** Sign-ins are spread over the first quarter of the run (at most 30 s), as users arrive, not all at once. */
  const rampMs = Math.min(30_000, (SECONDS * 1000) / 4);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const cpuAtStart = cpuMsOf(child.pid);
  const rss = [[0, rssOf(child.pid)]];
  // Once the last user's sign-in has ended, the steady state's first reading.
  let steadyStart = null;
  let arrived = 0;
  const sampler = setInterval(() => {
    if (child.exitCode === null) rss.push([Math.round((performance.now() - started) / 1000), rssOf(child.pid)]);
  }, RSS_EVERY_MS);

  async function runUser(email, index) {
    await sleep((rampMs * index) / USERS);
    const user = new VirtualUser(email);
    const signedIn = await user.signIn(record);
    if (++arrived === USERS && performance.now() < deadline) {
      steadyStart = { at: performance.now(), cpuMs: cpuMsOf(child.pid), requests: records.length };
    }
    if (!signedIn) return;
    while (performance.now() < deadline) {
      await sleep(Math.min(thinkTime(THINK_MIN, THINK_MAX), Math.max(0, deadline - performance.now())));
      if (performance.now() >= deadline) break;
      const entry = pick();
      try {
        if (entry.compound) await entry.run(user, record);
        else record((await entry.run(user)).record);
      } catch {
        // An answer the step could not read (say, a 200 without the JSON it promises) fails that step.
        record({ page: entry.name, status: -1, ms: 0, bytes: 0, error: true });
      }
    }
  }

  console.log(
    `soak: ${USERS} virtual users for ${SECONDS} s on ${label} (${os.cpus().length} cores, Node ${process.version})`,
  );
  const progress = setInterval(() => {
    const elapsed = Math.round((performance.now() - started) / 1000);
    const errors = records.filter((r) => r.error).length;
    console.log(`soak: ${elapsed} s, ${records.length} requests, ${errors} errors`);
  }, 30_000);
  await Promise.all(emails.map((email, index) => runUser(email, index)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  clearInterval(progress);
  const cpuAtEnd = cpuMsOf(child.pid);
  const cpuMs = cpuAtEnd - cpuAtStart;
  const steady = steadyStart && {
    cpuMs: cpuAtEnd - steadyStart.cpuMs,
    requests: records.length - steadyStart.requests,
    seconds: Math.round((performance.now() - steadyStart.at) / 1000),
  };
  if (child.exitCode === null && rss.at(-1)[0] !== Math.round(elapsedSeconds))
    rss.push([Math.round(elapsedSeconds), rssOf(child.pid)]);

  const input = { label, users: USERS, seconds: Math.round(elapsedSeconds), records, cpuMs, rss, mix, steady };
  console.log(`\n${formatSoakReport(input)}`);
  if (child.exitCode !== null || child.signalCode !== null) {
    console.error(`soak: the service exited during the run (${child.signalCode ?? `exit code ${child.exitCode}`})`);
    return Math.max(soakTotals(input).errors, 1);
  }
  return soakTotals(input).errors;
}

try {
  process.exitCode = (await soak()) > 0 ? 1 : 0;
} catch (error) {
  console.error(`soak: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  process.exit(process.exitCode);
}
