// `node scripts/bench-profile.mjs`: where a page's server CPU goes under load (issue 26). It starts the production
// build with `node --cpu-prof` on a fresh database (BENCH_DB=postgres: a throwaway PostgreSQL cluster; PGlite
// otherwise), signs in as the demo administrator, loads one page with autocannon (BENCH_URL, a path; the study
// overview by default) for BENCH_SECONDS (default 10) at 8 connections, stops the service, and prints the profile's
// self time by area (our code, React, Remix, Hono, PGlite, postgres.js, Node internals, GC) and its heaviest
// functions. BENCH_AUDIT_ROWS=8 adds 4 entries to DEMO001's audit trail first. The .cpuprofile stays in tests/.tmp/profile for Chrome DevTools. It reports; it asserts nothing.
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { benchHelpers, COMPANY, fourMoreAuditEntries, root, signIn, startService } from "./bench-support.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = process.env.BENCH_URL ?? `/ng/companies/${COMPANY}/studies/DEMO001`;
const TOP = Number(process.env.BENCH_TOP ?? 40);
const dir = path.join(root, "tests", ".tmp", "profile");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const { postgresCluster } = await benchHelpers();
const cluster = process.env.BENCH_DB === "postgres" ? await postgresCluster() : null;
const env = cluster
  ? { DATABASE_URL: cluster.url, SEED_DEMO_DATA: "true", APP_SECRET: "bench-secret-0123456789-abcdefghijklmnop" }
  : {};
const service = await startService(env, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
let requests = 0;
/** When the load started and ended, and when the service had exited (performance.now(), ms). */
const at = {};
try {
  const anonymous = PAGE.startsWith("/ng/error") || PAGE.startsWith("/ng/login");
  const headers = anonymous ? {} : { cookie: await signIn(service.base, "admin@demo-pharma.example") };
  // BENCH_AUDIT_ROWS=8: DEMO001's audit trail at 8 entries first (issue 26's goal for its list), through the API.
  if (process.env.BENCH_AUDIT_ROWS === "8") await fourMoreAuditEntries(service.base, "DEMO001");
  for (let i = 0; i < 30; i++) await fetch(`${service.base}${PAGE}`, { headers });
  at.start = performance.now();
  const result = await autocannon({ url: `${service.base}${PAGE}`, connections: 8, duration: SECONDS, headers });
  at.end = performance.now();
  requests = result.requests.total;
  console.log(`${PAGE}: ${requests} requests, ${result.requests.average} req/s, non-2xx ${result.non2xx}`);
} finally {
  await service.stop();
  at.exit = performance.now();
  cluster?.stop();
}

const file = fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error("no .cpuprofile was written");
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
// Only the samples of the load: the profile ends when the service exits, so the window is counted back from there
// (the start, the migrations and the seed are left out).
const from = profile.endTime - (at.exit - at.start) * 1000;
const to = profile.endTime - (at.exit - at.end) * 1000;
const selfUs = new Map();
const dt = profile.timeDeltas;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += dt[i] ?? 0;
  if (time < from || time > to) continue;
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
}
/** The area a function belongs to, from its script's address. */
function areaOf({ url, functionName }) {
  if (!url) return functionName.startsWith("(") ? functionName : `native ${functionName || "(anonymous)"}`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/build/server.js")) return "server (build/server.js)";
  if (url.includes("/build/index.js")) return "web app (build/index.js)";
  return url.replace(root, ".");
}
const byArea = new Map();
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (!us) continue;
  const frame = node.callFrame;
  if (frame.functionName === "(idle)") continue;
  total += us;
  const area = areaOf(frame);
  byArea.set(area, (byArea.get(area) ?? 0) + us);
  const key = `${frame.functionName || "(anonymous)"} ${area}:${frame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const line = ([name, us]) =>
  `${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000 / Math.max(requests, 1)).toFixed(3)} ms/req  ${name}`;
console.log(`\nbusy ${(total / 1000).toFixed(0)} ms over ${requests} requests (${file})\n\nBy area`);
for (const entry of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(line(entry));
console.log("\nHeaviest functions (self time)");
for (const entry of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(line(entry));
