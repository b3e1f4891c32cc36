// Starts the built service for the browser tests (the webServer of playwright.config.ts): a fresh embedded database,
// and first the peers it talks to (tests/e2e/peers: SMTP, identity providers), each a real server on 127.0.0.1.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("rbqm-e2e")) {
  console.error("e2e-server: DATA_DIR must be the e2e data directory");
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// Inside the project, so the bundles resolve node_modules.
const outdir = path.join("tests", ".tmp", `e2e-support-${process.env.PORT}`);
await build({
  entryPoints: { peers: "tests/e2e/peers/index.ts", seed: "tests/e2e/fixtures/seed.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outdir,
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
  sourcemap: "inline",
});
const { startPeers } = await import(pathToFileURL(path.join(outdir, "peers.mjs")).href);
const peers = await startPeers({
  publicUrl: process.env.PUBLIC_URL,
  mailDir: process.env.E2E_MAIL_DIR,
  basePort: Number(process.env.PORT) + 1,
});
// The peers' environment first: the demo seed reads some of it (DEMO_OIDC_*, DEMO_SAML_*).
Object.assign(process.env, peers.env);
// The test accounts join the demo data before the service opens the database; the demo data points at the peers.
const { seedE2E } = await import(pathToFileURL(path.join(outdir, "seed.mjs")).href);
await seedE2E(dataDir, peers.env);

const child = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], {
  stdio: "inherit",
  env: { ...process.env, ...peers.env },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", async (code) => {
  await peers.close().catch(() => undefined);
  process.exit(code ?? 0);
});
