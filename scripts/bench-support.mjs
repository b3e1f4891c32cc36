// What the HTTP benches share (scripts/bench-http.mjs, scripts/bench-pages.mjs; docs/decisions/0021, 0037, 0041):
// the production service on a fresh data directory with its request log kept, sign-in through the forms, the CPU time
// of a process from /proc, a page's request-log cost, and one autocannon load.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { build } from "esbuild";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PASSWORD = "Rbqm-Demo-2026";
export const COMPANY = "6560de000000000000000001";
/** Polls of /readyz, 200 ms apart: a fresh database's start (migrations, the demo seed) on a busy machine. */
const STARTUP_POLLS = 900;

/** The TypeScript helpers (the tests' PostgreSQL cluster, the soak's /proc reading), bundled once into tests/.tmp. */
export async function benchHelpers() {
  const helpers = path.join(root, "tests", ".tmp", "bench-http");
  await build({
    entryPoints: { cluster: "tests/support/postgres-cluster.ts", report: "scripts/soak-report.ts" },
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outdir: helpers,
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  const { cpuTicksFromStat } = await import(pathToFileURL(path.join(helpers, "report.mjs")).href);
  const clockTicks = (() => {
    try {
      return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      return 100;
    }
  })();
  return {
    /** The CPU time (user + system, all threads) a process has used so far, in milliseconds. */
    cpuMsOf: (pid) => (cpuTicksFromStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8")) / clockTicks) * 1000,
    async postgresCluster() {
      const { findPostgresBin, startCluster } = await import(pathToFileURL(path.join(helpers, "cluster.mjs")).href);
      const bin = findPostgresBin();
      return bin ? startCluster(bin) : null;
    },
  };
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The production service on a fresh data directory; its request log lines are kept for the round-trip counts.
 * `nodeArgs` go to node before the script (`--cpu-prof`: scripts/bench-profile.mjs).
 */
export async function startService(extraEnv, nodeArgs = []) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-bench-"));
  const child = spawn(process.execPath, [...nodeArgs, "build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ENV_FILE: "none",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      // The cookie the load replays must not need a refresh during the run (a replayed refresh token is revoked).
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const log = [];
  let buffered = "";
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    let at;
    while ((at = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (!line.includes('"request"')) continue;
      log.push(line);
      if (log.length > 1000) log.splice(0, log.length - 500);
    }
  });
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < STARTUP_POLLS && !ready && child.exitCode === null; i++) {
    try {
      ready = (await fetch(`${base}/readyz`)).ok;
    } catch {
      // not yet listening
    }
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the service did not become ready (exit code ${child.exitCode})`);
  }
  return {
    base,
    log,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** Signs in through the real forms (e-mail, then password) and returns the Cookie header. */
export async function signIn(base, email) {
  const jar = new Map();
  const post = async (pathname, fields) => {
    const response = await fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: cookieHeader(jar) },
      body: new URLSearchParams(fields),
    });
    absorb(jar, response);
    return response;
  };
  await post("/ng/login?index", { intent: "continue", email });
  const done = await post("/ng/login/password", { intent: "signIn", password: PASSWORD });
  if (![302, 303].includes(done.status) || ![...jar.keys()].some((k) => k.includes("rbqm_auth"))) {
    throw new Error(`sign-in failed: ${done.status}`);
  }
  return cookieHeader(jar);
}

/**
 * Waits until a process is idle, the tail of the load before it done (requests still being answered when autocannon
 * stopped, their garbage collected): at most one clock tick (10 ms) of CPU in 250 ms, for at most 3 s.
 */
export async function quiet(pid, cpuMsOf) {
  for (let i = 0; i < 12; i++) {
    const before = cpuMsOf(pid);
    await new Promise((r) => setTimeout(r, 250));
    if (cpuMsOf(pid) - before <= 10) return;
  }
}

/**
 * One autocannon run of `seconds`, or of `amount` requests (every request counted is answered); with `pid` and
 * `cpuMsOf`, also the CPU time that process spent per request, read after the process is quiet (the run before
 * this one left nothing to count here).
 */
export async function load(url, { connections = 8, headers = {}, pid, cpuMsOf, amount, seconds = 8 } = {}) {
  if (pid) await quiet(pid, cpuMsOf);
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const result = await autocannon({ url, connections, headers, ...(amount ? { amount } : { duration: seconds }) });
  const cpuMs = pid ? cpuMsOf(pid) - cpuBefore : Number.NaN;
  const non2xx = result.non2xx + result.errors;
  const requests = result.requests.total;
  const cpu = requests > 0 ? cpuMs / requests : Number.NaN;
  // No request finished (a page slower than the run on a busy machine): nothing measured, rather than zeros.
  if (requests === 0) return { rps: Number.NaN, p50: "-", p99: "-", non2xx, cpu, requests };
  // A run of `amount` requests ends on autocannon's next whole second: its requests/s come from the latency instead
  // (each of the connections has one request out at a time, so requests/s = connections / mean latency).
  const rps = amount ? (connections * 1000) / result.latency.mean : result.requests.average;
  return { rps, p50: result.latency.p50, p99: result.latency.p99, non2xx, cpu, requests };
}

/**
 * A steady reading of a heavy page (ADR 0066): a warm-up of `warmup` requests at the same connections, then about a
 * second more, not counted (they prepare the page's statements, warm the JIT and take up the tail of the run before),
 * then as many requests as the warm-up's rate gives in `seconds` (at least `min`, at most `max`), counted by number.
 */
export async function steadyLoad(url, { warmup = 24, seconds = 4, min = 48, max = 4000, ...options } = {}) {
  const rateOf = (run) => (Number.isFinite(run.rps) ? run.rps : 0);
  const first = await load(url, { ...options, pid: undefined, amount: warmup });
  // Then about a second more of warm-up, whose rate sets the measured count.
  const warm = await load(url, { ...options, pid: undefined, amount: Math.max(warmup, Math.round(rateOf(first))) });
  const amount = Math.min(max, Math.max(min, Math.round(rateOf(warm) * seconds)));
  return load(url, { ...options, amount });
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Two pages loaded in interleaved rounds (ADR 0066): `a` (a baseline) and `b`, each warmed up for a second (not
 * counted), then `rounds` rounds of `seconds` each, in the order a b, b a, a b, … so that both share the machine's
 * noise and its drift. Each page's figures are the medians of its rounds; `ratio` is the median of the rounds' own
 * ratios of b's requests/s to a's (with their range), `cpuRatio` the same of a's CPU per request to b's.
 */
export async function pairedLoad(a, b, { rounds = 4, seconds = 2, cpuMsOf, connections = 8 } = {}) {
  const run = (side) => load(side.url, { connections, headers: side.headers ?? {}, pid: side.pid, cpuMsOf, seconds });
  for (const side of [a, b]) await load(side.url, { connections, headers: side.headers ?? {}, seconds: 1 });
  const runs = { a: [], b: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["a", "b"] : ["b", "a"];
    for (const key of order) runs[key].push(await run(key === "a" ? a : b));
  }
  const summary = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p50: median(list.map((r) => Number(r.p50))),
    p99: median(list.map((r) => Number(r.p99))),
    non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
    cpu: median(list.map((r) => r.cpu)),
    requests: list.reduce((sum, r) => sum + r.requests, 0),
  });
  const ratios = runs.b.map((r, i) => r.rps / runs.a[i].rps);
  const cpuRatios = runs.b.map((r, i) => runs.a[i].cpu / r.cpu);
  const range = (values) => ({
    median: median(values),
    min: Math.min(...values.filter(Number.isFinite)),
    max: Math.max(...values.filter(Number.isFinite)),
  });
  return { a: summary(runs.a), b: summary(runs.b), ratio: range(ratios), cpuRatio: range(cpuRatios), rounds };
}

/** The request log line of one page: API calls, permission checks and database queries of one request. */
export async function costOf(service, url, headers) {
  service.log.length = 0;
  await fetch(url, { headers });
  await new Promise((r) => setTimeout(r, 300));
  const lines = service.log.map((line) => JSON.parse(line));
  const { pathname } = new URL(url);
  const entry = lines.find((l) => l.path && l.path.split("?")[0] === pathname) ?? {};
  return {
    apiCalls: entry.apiCalls ?? "?",
    permissionChecks: entry.permissionChecks ?? "?",
    dbQueries: entry.dbQueries ?? "?",
  };
}

export const bodyOf = async (url, headers) => Buffer.from(await (await fetch(url, { headers })).arrayBuffer());

/**
 * The page data of a Remix document (single fetch): the loaders' data as turbo-stream, in the
 * `window.__remixContext.streamController.enqueue(…)` scripts, joined.
 */
export function pageDataOf(html) {
  return [...html.matchAll(/<script[^>]*>window\.__remixContext\.streamController\.enqueue\((.*?)\);<\/script>/gs)]
    .map((match) => match[1])
    .join("");
}

/** A call of the API with a Bearer token; its JSON answer (any status but 200 throws). */
export async function apiCall(base, token, pathname, body) {
  const response = await fetch(`${base}/api${pathname}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Signs in to the API (POST /api/auth/login) and returns a Bearer token. */
export async function apiToken(base, email = "admin@demo-pharma.example") {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Email: email, Password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`API sign-in failed: ${response.status}`);
  return (await response.json()).access_token;
}

/**
 * Four saves of a study's critical processes through the API, as the editor saves them (five rows, changed every
 * time, with a rationale): each one an audit entry made by the product's own code. DEMO001's trail, 4 entries as
 * seeded, then holds 8: the row count of issue 26's goal for the study audit list (≤ 60 KB, ≤ 10 ms at 8 rows).
 */
export async function fourMoreAuditEntries(base, studyName = "DEMO001") {
  const token = await apiToken(base);
  const api = `/companies/${COMPANY}/studies/${studyName}/criticalProcesses`;
  for (let save = 1; save <= 4; save++) {
    const { version } = await apiCall(base, token, `${api}/get`, {});
    const criticalProcesses = Array.from({ length: 5 }, (_, i) => ({
      title: `Process ${i + 1}`,
      details: `Checked at every visit, revision ${save}, by the site monitor against the source documents.`,
    }));
    await apiCall(base, token, `${api}/save`, { criticalProcesses, version, rationaleForChange: `Amendment ${save}` });
  }
}
