// `npm run bench:http`: throughput of the production build, as ratios measured in one run (docs/decisions/0021).
//
// It starts build/server.js on a fresh embedded database (and on a throwaway PostgreSQL cluster when PostgreSQL is
// installed), signs in as the demo administrator, and drives each page with autocannon. The baseline is a bare Node
// http server sending the very bytes of the study page, in the same run. It prints one table and the goals:
//   R1  /ng/error throughput ≥ 5% of the bare server's;
//   R2  the signed-in study page and company home ≥ 50% of /ng/error's, on each database;
//   R3  at 32 connections the study page's p99 ≤ 4× its one-connection p50;
// plus the database round trips per page (from the request log) and the first-visit JS of every route.
// Issue 26 (docs/decisions/0037): a stock Remix 2.17.5 app (tests/bench/stock-remix, built here into tests/.tmp)
// serves pages of the same sizes as /ng/error and the study page behind the same Node adapter, in the same run, and
// every line reports the CPU time per request of the server it loads (from /proc/<pid>/stat). Goals printed:
//   the study page ≥ 80% of the stock page of its size, /ng/error ≥ 100% of the stock page of its size;
//   the study audit list ≤ 60 KB of HTML and ≤ 10 ms of CPU per request at 8 rows (the seed's 4, then 4 saves of
//   DEMO001's critical processes through the API, measured last; the 4-row line beside it);
//   CP&CD with 200 rows per tab (saved through the API here) ≤ 30 ms of CPU per view.
// How it measures (docs/decisions/0066): each stock page and our page of its size are loaded in interleaved rounds
// (BENCH_ROUNDS, default 6, of BENCH_SECONDS / 4 each, after a second of warm-up each), and their ratio is the median
// of the rounds' ratios; the heavy pages (the audit list, CP&CD at 200 rows) get a warm-up (24 requests, then about
// a second), then as many requests as fill about BENCH_HEAVY_SECONDS (default 3) at 4 connections; before every
// measured run the server is let go quiet, so that the run before it leaves no CPU to count.
// It reports; it asserts nothing. BENCH_SECONDS (default 8) sets the length of each other run.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import {
  apiToken,
  benchHelpers,
  bodyOf,
  COMPANY,
  costOf,
  fourMoreAuditEntries,
  freePort,
  load as loadWith,
  pairedLoad,
  root,
  signIn,
  startService,
  steadyLoad,
} from "./bench-support.mjs";
import { routeBundleSizes } from "./bundle-size.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Polls of the stock server, 200 ms apart, while it starts. */
const STARTUP_POLLS = 900;
const STUDY = "DEMO001";

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.error("bench:http: build/server.js is missing; run `npm run build` first");
  process.exit(1);
}

const { cpuMsOf, postgresCluster } = await benchHelpers();
/** One autocannon run (scripts/bench-support.mjs), BENCH_SECONDS long unless a count of requests is given. */
const load = (url, options = {}) => loadWith(url, { seconds: SECONDS, cpuMsOf, ...options });
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Math.max(1, SECONDS / 4);
/** A page beside the stock page of its size, in interleaved rounds (scripts/bench-support.mjs `pairedLoad`). */
const paired = (stockSide, ours) => pairedLoad(stockSide, ours, { rounds: ROUNDS, seconds: ROUND_SECONDS, cpuMsOf });
const HEAVY_SECONDS = Number(process.env.BENCH_HEAVY_SECONDS ?? 3);
/** Requests of a heavy page's warm-up (not counted), at 4 connections. */
const HEAVY_WARMUP = 24;
/** A heavy page, steady: its warm-up, then about HEAVY_SECONDS of requests, counted by number. */
const heavy = (url, headers, pid) =>
  steadyLoad(url, { headers, pid, cpuMsOf, connections: 4, warmup: HEAVY_WARMUP, seconds: HEAVY_SECONDS });

function startBareServer(body) {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/**
 * The stock Remix baseline: tests/bench/stock-remix copied to tests/.tmp (so that it resolves the repository's
 * node_modules), built with the classic compiler, and served by its server.mjs on a free port.
 */
async function startStockRemix() {
  const dir = path.join(root, "tests", ".tmp", "stock-remix");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(root, "tests", "bench", "stock-remix"), dir, { recursive: true });
  const built = spawnSync(path.join(root, "node_modules", ".bin", "remix"), ["build"], { cwd: dir, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the stock Remix build failed: ${built.stderr || built.stdout}`);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, "server.mjs"), path.join(dir, "build", "index.js")], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production" },
    // Remix's stock entry logs "The destination stream closed early" for each request autocannon cuts off at the end
    // of a run; only a failure to start shows its output.
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  let ready = false;
  for (let i = 0; i < STARTUP_POLLS && !ready && child.exitCode === null; i++) {
    try {
      ready = (await fetch(`${base}/rows?n=0`)).ok;
    } catch {
      // not yet listening
    }
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill("SIGTERM");
    throw new Error(`the stock Remix server did not become ready: ${stderr}`);
  }
  /** The stock page of about `bytes` bytes: its size is linear in the rows, so two probes give the row count. */
  const sizeOf = async (n) => (await (await fetch(`${base}/rows?n=${n}`)).arrayBuffer()).byteLength;
  const [empty, hundred] = [await sizeOf(0), await sizeOf(100)];
  const pageOf = async (bytes) => {
    const n = Math.max(0, Math.round(((bytes - empty) / (hundred - empty)) * 100));
    return { url: `${base}/rows?n=${n}`, bytes: await sizeOf(n) };
  };
  return {
    pid: child.pid,
    pageOf,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

/** Saves `rows` rows in each CP&CD list of a study through the API, as the editor's save does. */
async function fillCpcd(base, token, studyName, rows) {
  const api = `${base}/api/companies/${COMPANY}/studies/${studyName}`;
  const call = async (pathname, body) => {
    const response = await fetch(`${api}/${pathname}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const text = (i) =>
    `Row ${i + 1}: what is checked, by whom and how often, with the source documents it is checked against.`;
  const processes = Array.from({ length: rows }, (_, i) => ({ title: `Critical process ${i + 1}`, details: text(i) }));
  const data = Array.from({ length: rows }, (_, i) => ({
    label: `Critical datum ${i + 1}`,
    description: text(i),
    isCritical: i % 2 === 0,
  }));
  const cp = await call("criticalProcesses/get", {});
  await call("criticalProcesses/save", { criticalProcesses: processes, version: cp.version });
  const cd = await call("criticalData/get", {});
  await call("criticalData/save", { criticalData: data, version: cd.version });
}

const rows = [];
const costs = [];
const fmt = (n) =>
  typeof n === "number" ? (Number.isNaN(n) ? "-" : n >= 100 ? n.toFixed(0) : n.toFixed(1)) : String(n);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** Distinct links to audit entries in a page: the rows of an audit list. */
const auditRows = (html, listPath) =>
  new Set(
    [...html.matchAll(new RegExp(`href="${listPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/([^"?/]+)"`, "g"))].map(
      (m) => m[1],
    ),
  ).size;
const CPCD_ROWS = 200;
const CPCD_STUDY = "DEMO002";

async function benchDatabase(label, env, withAnonymous, stock) {
  const service = await startService(env);
  try {
    const cookie = await signIn(service.base, "admin@demo-pharma.example");
    const signedIn = { cookie };
    const study = `${service.base}/ng/companies/${COMPANY}/studies/${STUDY}`;
    const home = `${service.base}/ng/companies/${COMPANY}`;
    const errorPage = `${service.base}/ng/error?errorMessage=hi`;
    const auditList = `${study}/audit`;
    // CP&CD of another study, so the study page and its audit list stay as seeded.
    const cpcdStudy = `${service.base}/ng/companies/${COMPANY}/studies/${CPCD_STUDY}/cpcd`;
    await fillCpcd(service.base, await apiToken(service.base, "admin@demo-pharma.example"), CPCD_STUDY, CPCD_ROWS);
    const cpcdCp = `${cpcdStudy}?cpOrCd=cp`;
    const cpcdCd = `${cpcdStudy}?cpOrCd=cd`;
    // Warm up (first renders compile code paths and fill caches).
    for (const url of [study, home, errorPage, auditList])
      for (let i = 0; i < 20; i++) await fetch(url, { headers: signedIn });
    for (const url of [cpcdCp, cpcdCd]) for (let i = 0; i < 5; i++) await fetch(url, { headers: signedIn });

    const pid = service.pid;
    const results = {};
    const studyBytes = await bodyOf(study, signedIn);
    const errorBytes = await bodyOf(errorPage, {});
    if (withAnonymous) {
      const bare = await startBareServer(studyBytes);
      results.bare = await load(`http://127.0.0.1:${bare.address().port}/`);
      bare.close();
      rows.push([`bare Node http, the study page's ${(studyBytes.length / 1024).toFixed(0)} KB`, results.bare]);
    }
    if (stock) {
      // The stock pages of the sizes of /ng/error and of the study page, each in interleaved rounds with ours.
      const small = await stock.pageOf(errorBytes.length);
      const large = await stock.pageOf(studyBytes.length);
      for (const url of [small.url, large.url]) for (let i = 0; i < 20; i++) await fetch(url);
      const anonymous = await paired({ url: small.url, pid: stock.pid }, { url: errorPage, pid });
      const signedInPair = await paired({ url: large.url, pid: stock.pid }, { url: study, headers: signedIn, pid });
      results.stockSmall = { ...anonymous.a, bytes: small.bytes };
      results.error = anonymous.b;
      results.errorRatio = anonymous;
      results.stockLarge = { ...signedInPair.a, bytes: large.bytes };
      results.study = signedInPair.b;
      results.studyRatio = signedInPair;
      rows.push([`stock Remix page of ${kb(small.bytes)} (/ng/error's size)`, results.stockSmall]);
      rows.push([`stock Remix page of ${kb(large.bytes)} (the study page's size)`, results.stockLarge]);
    } else {
      results.error = await load(errorPage, { pid });
      results.study = await load(study, { headers: signedIn, pid });
    }
    results.error.bytes = errorBytes.length;
    rows.push([`/ng/error?errorMessage=hi (anonymous, ${label})`, results.error]);
    results.home = await load(home, { headers: signedIn, pid });
    rows.push([`company home, signed in (${label})`, results.home]);
    results.study.bytes = studyBytes.length;
    rows.push([`study page DEMO-001, signed in (${label})`, results.study]);
    results.study1 = await load(study, { connections: 1, headers: signedIn, pid });
    rows.push([`study page, 1 connection (${label})`, results.study1]);
    results.study32 = await load(study, { connections: 32, headers: signedIn, pid });
    rows.push([`study page, 32 connections (${label})`, results.study32]);

    const auditHtml = (await bodyOf(auditList, signedIn)).toString("utf8");
    results.audit = await heavy(auditList, signedIn, pid);
    results.audit.bytes = Buffer.byteLength(auditHtml);
    results.audit.rows = auditRows(auditHtml, new URL(auditList).pathname);
    rows.push([
      `study audit list, ${results.audit.rows} rows, ${results.audit.requests} requests (${label})`,
      results.audit,
    ]);
    for (const [key, url, tab] of [
      ["cpcdCp", cpcdCp, "processes"],
      ["cpcdCd", cpcdCd, "data"],
    ]) {
      const bytes = (await bodyOf(url, signedIn)).length;
      results[key] = await heavy(url, signedIn, pid);
      results[key].bytes = bytes;
      rows.push([`CP&CD ${tab} tab, ${CPCD_ROWS} rows, ${results[key].requests} requests (${label})`, results[key]]);
    }
    for (const [name, url, headers] of [
      ["/ng/error", errorPage, {}],
      ["company home", home, signedIn],
      ["study page", study, signedIn],
      ["study audit list", auditList, signedIn],
      [`CP&CD processes tab, ${CPCD_ROWS} rows`, cpcdCp, signedIn],
    ]) {
      costs.push([`${name} (${label})`, await costOf(service, url, headers)]);
    }
    // Last, as it adds to DEMO001's trail: the audit list at 8 rows (issue 26's goal), beside the 4 rows above.
    await fourMoreAuditEntries(service.base, STUDY);
    for (let i = 0; i < 20; i++) await fetch(auditList, { headers: signedIn });
    const audit8Html = (await bodyOf(auditList, signedIn)).toString("utf8");
    results.audit8 = await heavy(auditList, signedIn, pid);
    results.audit8.bytes = Buffer.byteLength(audit8Html);
    results.audit8.rows = auditRows(audit8Html, new URL(auditList).pathname);
    rows.push([
      `study audit list, ${results.audit8.rows} rows, ${results.audit8.requests} requests (${label})`,
      results.audit8,
    ]);
    return results;
  } finally {
    await service.stop();
  }
}

const stock = await startStockRemix().catch((error) => {
  console.warn(`Stock Remix baseline not measured: ${error.message}`);
  return null;
});
let pglite;
let postgres = null;
try {
  pglite = await benchDatabase("PGlite", {}, true, stock);
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
        stock,
      );
    } finally {
      cluster.stop();
    }
  } else {
    console.warn("PostgreSQL is not installed: only PGlite was measured.");
  }
} finally {
  await stock?.stop();
}

const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\nautocannon, ${SECONDS} s per line, 8 connections unless noted (${os.cpus().length} cores, Node ${process.version});` +
    `\nthe stock pages and ours of their sizes: medians of ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s each;` +
    `\nheavy pages: a warm-up of ${HEAVY_WARMUP} requests and about 1 s, then about ${HEAVY_SECONDS} s of requests at 4 connections;` +
    `\nCPU ms/req: the CPU time (user + system, from /proc) of the server under load per request it answered\n`,
);
console.log(`| ${pad("page", 56)} | requests/s | p50 ms | p99 ms | non-2xx | CPU ms/req |     HTML |`);
console.log(`|${"-".repeat(58)}|------------|--------|--------|---------|------------|----------|`);
for (const [name, r] of rows)
  console.log(
    `| ${pad(name, 56)} | ${pad(fmt(r.rps), 10)} | ${pad(r.p50, 6)} | ${pad(r.p99, 6)} | ${pad(r.non2xx, 7)} | ${pad(fmt(r.cpu), 10)} | ${pad(r.bytes ? kb(r.bytes) : "", 8)} |`,
  );

const pct = (a, b) => (Number.isFinite(a / b) ? `${((a / b) * 100).toFixed(1)}%` : "-");
/** "met" or "NOT met"; "not measured" when a figure it rests on is missing (no request finished in its run). */
const verdict = (ok, ...figures) =>
  figures.some((v) => !Number.isFinite(v)) ? "not measured (raise BENCH_SECONDS)" : ok ? "met" : "NOT met";
console.log("\nGoals");
const r1 = pglite.error.rps / pglite.bare.rps;
console.log(
  `- R1 /ng/error vs bare Node: ${pct(pglite.error.rps, pglite.bare.rps)} (goal ≥ 5%): ${verdict(r1 >= 0.05, r1)}`,
);
for (const [label, r] of [
  ["PGlite", pglite],
  ["PostgreSQL", postgres],
]) {
  if (!r) continue;
  const study = r.study.rps / r.error.rps;
  const home = r.home.rps / r.error.rps;
  console.log(
    `- R2 ${label}: study page ${pct(r.study.rps, r.error.rps)}, company home ${pct(r.home.rps, r.error.rps)} of /ng/error (goal ≥ 50%): ${verdict(study >= 0.5 && home >= 0.5, study, home)}`,
  );
  const ratio = r.study32.p99 / Math.max(r.study1.p50, 1);
  console.log(
    `- R3 ${label}: study page p99 at 32 connections ${r.study32.p99} ms vs p50 at 1 connection ${r.study1.p50} ms: ×${ratio.toFixed(1)} (goal ≤ ×4): ${verdict(ratio <= 4, ratio)}`,
  );
}
/** The spread of a pair's rounds: its ratios of requests/s, and of CPU per request (stock's over ours). */
const rounds = ({ ratio, cpuRatio }, goal) =>
  `${ROUNDS} interleaved rounds: requests/s ${pct(ratio.min, 1)}–${pct(ratio.max, 1)}; by CPU per request (stock's over ours, the steadier reading on a loaded machine) ${pct(cpuRatio.median, 1)} (${pct(cpuRatio.min, 1)}–${pct(cpuRatio.max, 1)}): ${verdict(cpuRatio.median >= goal, cpuRatio.median)}`;
console.log(
  "\nIssue 26 goals (docs/decisions/0037, 0066): ratios of requests/s in this run (the median of interleaved rounds), CPU per request beside them",
);
for (const [label, r] of [
  ["PGlite", pglite],
  ["PostgreSQL", postgres],
]) {
  if (!r) continue;
  if (r.stockLarge) {
    const signedIn = r.studyRatio.ratio.median;
    console.log(
      `- ${label}: signed-in study page (${kb(r.study.bytes)}) ${pct(signedIn, 1)} of the stock Remix page of ${kb(r.stockLarge.bytes)} (goal ≥ 80%): ${verdict(signedIn >= 0.8, signedIn)}; CPU ${fmt(r.study.cpu)} vs ${fmt(r.stockLarge.cpu)} ms per request; ${rounds(r.studyRatio, 0.8)}`,
    );
    const anonymous = r.errorRatio.ratio.median;
    console.log(
      `- ${label}: anonymous /ng/error (${kb(r.error.bytes)}) ${pct(anonymous, 1)} of the stock Remix page of ${kb(r.stockSmall.bytes)} (goal ≥ 100%): ${verdict(anonymous >= 1, anonymous)}; CPU ${fmt(r.error.cpu)} vs ${fmt(r.stockSmall.cpu)} ms per request; ${rounds(r.errorRatio, 1)}`,
    );
  }
  // The goal is at 8 rows; the seed's 4 rows beside it.
  for (const audit of [r.audit, r.audit8]) {
    console.log(
      `- ${label}: study audit list, ${audit.rows} rows: ${kb(audit.bytes)} of HTML (goal ≤ 60 KB at 8 rows): ${verdict(audit.bytes <= 60 * 1024)}; ${fmt(audit.cpu)} ms CPU per request (goal ≤ 10 ms): ${verdict(audit.cpu <= 10, audit.cpu)}`,
    );
  }
  for (const [tab, c] of [
    ["processes", r.cpcdCp],
    ["data", r.cpcdCd],
  ]) {
    console.log(
      `- ${label}: CP&CD ${tab} tab, ${CPCD_ROWS} rows: ${fmt(c.cpu)} ms CPU per view (goal ≤ 30 ms): ${verdict(c.cpu <= 30, c.cpu)}; ${kb(c.bytes)} of HTML`,
    );
  }
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
