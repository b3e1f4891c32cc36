import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO, DEMO_PASSWORD } from "@server/seed/demo";
import { afterAll, bench, describe } from "vitest";

/**
 * CP&CD (issue 12), reported, not asserted: the server time of the study page with 200 rows per tab, and of a save
 * of 200 rows, through the web page (a form post of 200 rows, as without scripts) and through the API call itself.
 * It drives the production build (`npm run build` first) on a fresh embedded database, over HTTP on 127.0.0.1;
 * at the end it prints the server's own time per request (the `ms` of its request log lines).
 */
const ROWS = 200;
const COMPANY = DEMO.company.id;
const STUDY = DEMO.studies.second.name;
const root = path.resolve(import.meta.dirname, "../..");
const built = fs.existsSync(path.join(root, "build/server.js")) && fs.existsSync(path.join(root, "build/index.js"));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Service {
  base: string;
  log: { path: string; method: string; ms: number; status: number }[];
  stop(): Promise<void>;
}

async function startService(): Promise<Service> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-bench-cpcd-"));
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
      ACCESS_TOKEN_TTL_SECONDS: "3600",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const log: Service["log"] = [];
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    let at: number;
    while ((at = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (!line.includes('"request"')) continue;
      try {
        const entry = JSON.parse(line) as Service["log"][number];
        if (entry.path?.includes("cpcd") || entry.path?.includes("critical")) log.push(entry);
      } catch {
        // not a JSON line
      }
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

/** Signs in through the real forms; the Cookie header. */
async function signIn(base: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const post = async (pathname: string, fields: Record<string, string>) => {
    const response = await fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: cookies(jar) },
      body: new URLSearchParams(fields),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1).trim();
      if (value === "") jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), value);
    }
    return response;
  };
  await post("/ng/login?index", { intent: "continue", email });
  const done = await post("/ng/login/password", { intent: "signIn", password: DEMO_PASSWORD });
  if (done.status !== 302) throw new Error(`sign-in failed: ${done.status}`);
  return cookies(jar);
}
const cookies = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

const processes = Array.from({ length: ROWS }, (_, i) => ({
  title: `Critical process ${i + 1}`,
  details: `What makes process ${i + 1} critical to quality, and how it is checked at each monitoring visit.`,
}));
const data = Array.from({ length: ROWS }, (_, i) => ({
  label: `Critical datum ${i + 1}`,
  description: `Where datum ${i + 1} is collected and why it matters for the primary endpoint.`,
  isCritical: i % 3 === 0,
}));

const service = built ? await startService() : null;
let cookie = "";
let token = "";
const versions = { api: 0, web: 0 };
if (service) {
  cookie = await signIn(service.base, DEMO.users.admin.email);
  const login = await fetch(`${service.base}/api/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ Email: DEMO.users.admin.email, Password: DEMO_PASSWORD }),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
  // DEMO-002 gets 200 rows per tab.
  for (const [kind, items] of [
    ["criticalProcesses", processes],
    ["criticalData", data],
  ] as const) {
    const saved = await api(`studies/${STUDY}/${kind}/save`, { [kind]: items, version: 0 });
    if (!saved.ok) throw new Error(`seeding ${kind}: ${saved.status}`);
  }
  versions.web = 1;
  // The API save's own study: DEMO-001, whose demo lists it replaces.
  versions.api = 1;
}
afterAll(async () => {
  if (!service) return;
  const byPath = new Map<string, number[]>();
  for (const entry of service.log) {
    const key = `${entry.method} ${entry.path.replace(/\?.*$/, "")}${entry.path.includes("cpOrCd=cd") ? "?cpOrCd=cd" : ""}`;
    byPath.set(key, [...(byPath.get(key) ?? []), entry.ms]);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nCP&CD server time per request (its request log, median of n), ${ROWS} rows:`);
  for (const [key, values] of byPath) console.log(`  ${key}: ${median(values)} ms (n=${values.length})`);
  await service.stop();
});

function api(call: string, body: unknown) {
  return fetch(`${service!.base}/api/companies/${COMPANY}/${call}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const page = (tab: "cp" | "cd") => `${service!.base}/ng/companies/${COMPANY}/studies/${STUDY}/cpcd?cpOrCd=${tab}`;

describe.skipIf(!built)(`CP&CD study page, ${ROWS} rows per tab (production build over HTTP)`, () => {
  // What any study page costs here, for comparison: the study's overview, and DEMO-001's 7 processes.
  bench("GET the study overview (for comparison)", async () => {
    const response = await fetch(`${service!.base}/ng/companies/${COMPANY}/studies/${STUDY}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`page: ${response.status}`);
    await response.text();
  });
  bench("GET DEMO-001's Critical Processes tab, 7 rows (for comparison)", async () => {
    const response = await fetch(page("cp").replace(STUDY, DEMO.studies.active.name), { headers: { cookie } });
    if (response.status !== 200) throw new Error(`page: ${response.status}`);
    await response.text();
  });
  bench("GET the Critical Processes tab (page HTML)", async () => {
    const response = await fetch(page("cp"), { headers: { cookie } });
    if (response.status !== 200) throw new Error(`page: ${response.status}`);
    await response.text();
  });
  bench("GET the Critical Data tab (page HTML)", async () => {
    const response = await fetch(page("cd"), { headers: { cookie } });
    if (response.status !== 200) throw new Error(`page: ${response.status}`);
    await response.text();
  });
});

describe.skipIf(!built)(`CP&CD save of ${ROWS} rows`, () => {
  bench("POST the page's Save (a form of 200 rows, as without scripts)", async () => {
    const form = new URLSearchParams({ intent: "save", version: String(versions.web) });
    processes.forEach((row, i) => {
      form.set(`rows[${i}].title`, row.title);
      form.set(`rows[${i}].details`, `${row.details} (${versions.web})`);
    });
    const response = await fetch(page("cp"), {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: service!.base, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    if (response.status !== 302) throw new Error(`save: ${response.status}`);
    versions.web += 1;
  });
  bench("POST /api/…/studies/{studyName}/criticalProcesses/save (200 items)", async () => {
    const items = processes.map((row) => ({ ...row, details: `${row.details} (${versions.api})` }));
    const response = await api(`studies/${DEMO.studies.active.name}/criticalProcesses/save`, {
      criticalProcesses: items,
      version: versions.api,
    });
    if (!response.ok) throw new Error(`save: ${response.status}`);
    versions.api = ((await response.json()) as { version: number }).version;
  });
});
