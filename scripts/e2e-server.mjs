// Starts the built service for the browser tests on a fresh embedded database (the webServer of playwright.config.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes("rbqm-e2e")) {
  console.error("e2e-server: DATA_DIR must be the e2e data directory");
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], { stdio: "inherit", env: process.env });
const forward = (signal) => child.kill(signal);
process.on("SIGTERM", forward);
process.on("SIGINT", forward);
child.on("exit", (code) => process.exit(code ?? 0));
