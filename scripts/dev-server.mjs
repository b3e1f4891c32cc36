// `npm run dev`: remix dev rebuilds the app; this bundles the server entry and runs it in development mode.
// The server re-imports the app build when it changes, so the database stays open across rebuilds.
import { execFileSync, spawn } from "node:child_process";

execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
const child = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "development", LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
