// `npm run bench:pages`: every signed-in page of the production build, one line each (docs/decisions/0041): its HTML
// size, its page data (the Remix context the browser hydrates from), the database round trips of one warm request
// (the request log's dbQueries) and the service's CPU time per request at 4 connections, read steady as bench:http
// reads its heavy pages (docs/decisions/0066): a warm-up, then about BENCH_SECONDS (default 3) of requests, at least
// BENCH_REQUESTS (default 24). A narrower, quicker reading than `npm run bench:http` for one page's change; it asserts
// nothing.
// BENCH_DB=postgres runs on a throwaway PostgreSQL cluster (PGlite otherwise); BENCH_CPCD_ROWS (200) rows per CP&CD
// tab are saved in DEMO002 first; BENCH_ONLY=<text> keeps the pages whose name contains it.
import fs from "node:fs";
import path from "node:path";
import {
  apiCall,
  apiToken,
  benchHelpers,
  bodyOf,
  COMPANY,
  costOf,
  fourMoreAuditEntries,
  pageDataOf,
  root,
  signIn,
  startService,
  steadyLoad,
} from "./bench-support.mjs";

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.error("bench:pages: build/server.js is missing; run `npm run build` first");
  process.exit(1);
}
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 24);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CPCD_ROWS = Number(process.env.BENCH_CPCD_ROWS ?? 200);
const { cpuMsOf, postgresCluster } = await benchHelpers();

/** The seeded CDQ import's audit entry of DEMO001 (its 120 data changes): its page's path. */
async function cdqImportEntry(base) {
  const token = await apiToken(base);
  const entries = await apiCall(base, token, `/companies/${COMPANY}/studies/DEMO001/auditLogs/get`, {});
  const entry = entries.find((e) => e.rationale?.includes("Compliance & Data Quality issues"));
  if (!entry) throw new Error("the seeded CDQ import entry of DEMO001 is missing");
  return `${study}/audit/${entry.id}`;
}

/** Saves `rows` rows in each CP&CD list of DEMO002 through the API, as the editor's save does. */
async function fillCpcd(base, rows) {
  const token = await apiToken(base);
  const api = `/companies/${COMPANY}/studies/DEMO002`;
  const text = (i) =>
    `Row ${i + 1}: what is checked, by whom and how often, with the source documents it is checked against.`;
  const cp = await apiCall(base, token, `${api}/criticalProcesses/get`, {});
  await apiCall(base, token, `${api}/criticalProcesses/save`, {
    criticalProcesses: Array.from({ length: rows }, (_, i) => ({
      title: `Critical process ${i + 1}`,
      details: text(i),
    })),
    version: cp.version,
  });
  const cd = await apiCall(base, token, `${api}/criticalData/get`, {});
  await apiCall(base, token, `${api}/criticalData/save`, {
    criticalData: Array.from({ length: rows }, (_, i) => ({
      label: `Critical datum ${i + 1}`,
      description: text(i),
      isCritical: i % 2 === 0,
    })),
    version: cd.version,
  });
}

const company = `/ng/companies/${COMPANY}`;
const study = `${company}/studies/DEMO001`;
const study2 = `${company}/studies/DEMO002`;
/** The pages, and how a page's rows are counted (distinct links to the list's items), where it is a list. */
const pages = [
  ["company home (study list)", company],
  ["study overview DEMO001", study],
  ["study audit list DEMO001", `${study}/audit`, new RegExp(`href="${study}/audit/([^"?/#]+)"`, "g")],
  ["study audit list DEMO002", `${study2}/audit`, new RegExp(`href="${study2}/audit/([^"?/#]+)"`, "g")],
  ["company audit list", `${company}/audit`, new RegExp(`href="${company}/audit/([^"?/#]+)"`, "g")],
  ["study audit entry DEMO001, the CDQ import (120 changes)", cdqImportEntry],
  ["CDQ list DEMO001", `${study}/cdq`, new RegExp(`href="${study}/cdq/([^"?/#]+)"`, "g")],
  ["CP&CD processes DEMO001", `${study}/cpcd?cpOrCd=cp`],
  ["CP&CD data DEMO001", `${study}/cpcd?cpOrCd=cd`],
  [`CP&CD processes DEMO002 (${CPCD_ROWS} rows)`, `${study2}/cpcd?cpOrCd=cp`],
  [`CP&CD data DEMO002 (${CPCD_ROWS} rows)`, `${study2}/cpcd?cpOrCd=cd`],
  ["company CP&CD", `${company}/cpcd?cpOrCd=cp`],
  ["Protocol Analysis landing", `${study}/protocolAnalysisTool`],
  ["Protocol Analysis upload form", `${study}/riskAssessment/identification`],
  // Last: it adds to DEMO001's trail (and changes its critical processes).
  [
    "study audit list DEMO001, 4 more",
    `${study}/audit`,
    new RegExp(`href="${study}/audit/([^"?/#]+)"`, "g"),
    fourMoreAuditEntries,
  ],
].filter(([name]) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split("|").some((part) => name.includes(part)));

const cluster = process.env.BENCH_DB === "postgres" ? await postgresCluster() : null;
if (process.env.BENCH_DB === "postgres" && !cluster) throw new Error("PostgreSQL is not installed");
const env = cluster
  ? { DATABASE_URL: cluster.url, SEED_DEMO_DATA: "true", APP_SECRET: "bench-secret-0123456789-abcdefghijklmnop" }
  : {};
const service = await startService(env);
const lines = [];
try {
  const headers = { cookie: await signIn(service.base, "admin@demo-pharma.example") };
  if (pages.some(([, url]) => typeof url === "string" && url.startsWith(study2) && url.includes("cpcd")))
    await fillCpcd(service.base, CPCD_ROWS);
  for (const [name, where, rowLinks, prepare] of pages) {
    await prepare?.(service.base);
    // A path, or a function that finds it (an entry's id, made by the seed).
    const pathname = typeof where === "function" ? await where(service.base) : where;
    const url = `${service.base}${pathname}`;
    for (let i = 0; i < 5; i++) await fetch(url, { headers });
    const html = (await bodyOf(url, headers)).toString("utf8");
    const rows = rowLinks ? new Set([...html.matchAll(rowLinks)].map((m) => m[1])).size : "";
    const cost = await costOf(service, url, headers);
    const run = await steadyLoad(url, {
      headers,
      pid: service.pid,
      cpuMsOf,
      connections: 4,
      warmup: 24,
      seconds: SECONDS,
      min: REQUESTS,
    });
    lines.push({
      name,
      rows,
      html: Buffer.byteLength(html),
      data: Buffer.byteLength(pageDataOf(html)),
      ...cost,
      ...run,
    });
  }
} finally {
  await service.stop();
  cluster?.stop();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padEnd(n);
console.log(
  `\n${cluster ? "PostgreSQL" : "PGlite"}; after a warm-up, about ${SECONDS} s of requests per page (at least ${REQUESTS}) at 4 connections; CPU: the service's, from /proc`,
);
console.log(
  `| ${pad("page", 36)} | rows | ${pad("HTML", 9)} | ${pad("page data", 9)} | round trips | CPU ms/req | non-2xx |`,
);
console.log(`|${"-".repeat(38)}|------|-----------|-----------|-------------|------------|---------|`);
for (const l of lines)
  console.log(
    `| ${pad(l.name, 36)} | ${pad(l.rows, 4)} | ${pad(kb(l.html), 9)} | ${pad(kb(l.data), 9)} | ${pad(l.dbQueries, 11)} | ${pad(Number.isFinite(l.cpu) ? l.cpu.toFixed(1) : "-", 10)} | ${pad(l.non2xx, 7)} |`,
  );
process.exit(0);
