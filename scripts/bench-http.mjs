// `npm run bench:http`: throughput of the production build, as ratios measured in one run (docs/decisions/0021).
//
// It starts build/server.js on a fresh embedded database (and on a throwaway PostgreSQL cluster when PostgreSQL is
// installed), signs in as the demo administrator, and drives each page with autocannon. The baseline is a bare Node
// http server sending the very bytes of the study page, in the same run. It prints one table and the goals:
//   R1  /ng/error throughput ≥ 5% of the bare server's;
//   R2  the signed-in study page and company home ≥ 50% of /ng/error's, on each database;
//   R3  at 32 connections the study page's p99 ≤ 4× its one-connection p50;
// plus the database round trips per page (from the request log) and the first-visit JS of every route.
// It reports; it asserts nothing. BENCH_SECONDS (default 8) sets the length of each run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { build } from "esbuild";
import { routeBundleSizes } from "./bundle-size.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PASSWORD = "Rbqm-Demo-2026";
const COMPANY = "6560de000000000000000001";
const STUDY = "DEMO001";

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.error("bench:http: build/server.js is missing; run `npm run build` first");
  process.exit(1);
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

/** The production service on a fresh data directory; its request log lines are kept for the round-trip counts. */
async function startService(extraEnv) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-bench-"));
  const child = spawn(process.execPath, ["build/server.js"], {
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
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    log,
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
async function signIn(base, email) {
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

async function load(url, { connections = 8, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration: SECONDS, headers });
  const non2xx = result.non2xx + result.errors;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

/** The request log lines of one page: API calls, permission checks and database queries per request. */
async function costOf(service, url, headers) {
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

function startBareServer(body) {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

async function postgresCluster() {
  const outdir = path.join(root, "tests", ".tmp", "bench-http");
  await build({
    entryPoints: { cluster: "tests/support/postgres-cluster.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outdir,
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  const { findPostgresBin, startCluster } = await import(pathToFileURL(path.join(outdir, "cluster.mjs")).href);
  const bin = findPostgresBin();
  return bin ? startCluster(bin) : null;
}

const rows = [];
const costs = [];
const fmt = (n) => (typeof n === "number" ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : String(n));

async function benchDatabase(label, env, withAnonymous) {
  const service = await startService(env);
  try {
    const cookie = await signIn(service.base, "admin@demo-pharma.example");
    const signedIn = { cookie };
    const study = `${service.base}/ng/companies/${COMPANY}/studies/${STUDY}`;
    const home = `${service.base}/ng/companies/${COMPANY}`;
    const errorPage = `${service.base}/ng/error?errorMessage=hi`;
    // Warm up (first renders compile code paths and fill caches).
    for (const url of [study, home, errorPage]) for (let i = 0; i < 20; i++) await fetch(url, { headers: signedIn });

    const results = {};
    if (withAnonymous) {
      const bytes = Buffer.from(await (await fetch(study, { headers: signedIn })).arrayBuffer());
      const bare = await startBareServer(bytes);
      results.bare = await load(`http://127.0.0.1:${bare.address().port}/`);
      bare.close();
      rows.push([`bare Node http, the study page's ${(bytes.length / 1024).toFixed(0)} KB`, results.bare]);
    }
    results.error = await load(errorPage);
    rows.push([`/ng/error?errorMessage=hi (anonymous, ${label})`, results.error]);
    results.home = await load(home, { headers: signedIn });
    rows.push([`company home, signed in (${label})`, results.home]);
    results.study = await load(study, { headers: signedIn });
    rows.push([`study page DEMO-001, signed in (${label})`, results.study]);
    results.study1 = await load(study, { connections: 1, headers: signedIn });
    rows.push([`study page, 1 connection (${label})`, results.study1]);
    results.study32 = await load(study, { connections: 32, headers: signedIn });
    rows.push([`study page, 32 connections (${label})`, results.study32]);
    for (const [name, url, headers] of [
      ["/ng/error", errorPage, {}],
      ["company home", home, signedIn],
      ["study page", study, signedIn],
    ]) {
      costs.push([`${name} (${label})`, await costOf(service, url, headers)]);
    }
    return results;
  } finally {
    await service.stop();
  }
}

const pglite = await benchDatabase("PGlite", {}, true);
let postgres = null;
const cluster = await postgresCluster().catch((error) => {
  console.warn(`PostgreSQL not benchmarked: ${error.message}`);
  return null;
});
if (cluster) {
  try {
    postgres = await benchDatabase(
      "PostgreSQL",
      { DATABASE_URL: cluster.url, SEED_DEMO_DATA: "true", APP_SECRET: "bench-secret-0123456789-abcdefghijklmnop" },
      false,
    );
  } finally {
    cluster.stop();
  }
} else if (!cluster) {
  console.warn("PostgreSQL is not installed: only PGlite was measured.");
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\nautocannon, ${SECONDS} s per line, 8 connections unless noted (${os.cpus().length} cores, Node ${process.version})\n`,
);
console.log(`| ${pad("page", 52)} | requests/s | p50 ms | p99 ms | non-2xx |`);
console.log(`|${"-".repeat(54)}|------------|--------|--------|---------|`);
for (const [name, r] of rows)
  console.log(
    `| ${pad(name, 52)} | ${pad(fmt(r.rps), 10)} | ${pad(r.p50, 6)} | ${pad(r.p99, 6)} | ${pad(r.non2xx, 7)} |`,
  );

const pct = (a, b) => `${((a / b) * 100).toFixed(1)}%`;
const verdict = (ok) => (ok ? "met" : "NOT met");
console.log("\nGoals");
const r1 = pglite.error.rps / pglite.bare.rps;
console.log(
  `- R1 /ng/error vs bare Node: ${pct(pglite.error.rps, pglite.bare.rps)} (goal ≥ 5%): ${verdict(r1 >= 0.05)}`,
);
for (const [label, r] of [
  ["PGlite", pglite],
  ["PostgreSQL", postgres],
]) {
  if (!r) continue;
  const study = r.study.rps / r.error.rps;
  const home = r.home.rps / r.error.rps;
  console.log(
    `- R2 ${label}: study page ${pct(r.study.rps, r.error.rps)}, company home ${pct(r.home.rps, r.error.rps)} of /ng/error (goal ≥ 50%): ${verdict(study >= 0.5 && home >= 0.5)}`,
  );
  const ratio = r.study32.p99 / Math.max(r.study1.p50, 1);
  console.log(
    `- R3 ${label}: study page p99 at 32 connections ${r.study32.p99} ms vs p50 at 1 connection ${r.study1.p50} ms: ×${ratio.toFixed(1)} (goal ≤ ×4): ${verdict(ratio <= 4)}`,
  );
}
console.log("\nCost per page (request log of one request)");
for (const [name, c] of costs)
  console.log(
    `- ${name}: ${c.apiCalls} API calls, ${c.permissionChecks} permission checks, ${c.dbQueries} database round trips`,
  );

console.log("\nFirst-visit JavaScript per route, gzipped (goal ≤ 110 KB; test pages aside)");
for (const { route, bytes, test } of routeBundleSizes(root)) {
  console.log(
    `- ${pad(route, 70)} ${(bytes / 1024).toFixed(1)} KB${test ? " (test page)" : bytes > 110 * 1024 ? "  over budget" : ""}`,
  );
}
process.exit(0);
