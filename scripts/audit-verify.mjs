// npm run audit:verify: bundles server/audit/verify-cli.ts (as scripts/e2e-server.mjs does its helpers) and runs it
// against the configured database. docs/decisions/0026-audit-views-export-and-verification.md.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "tests", ".tmp", `audit-verify-${process.pid}`);
await build({
  entryPoints: { "verify-cli": path.join(root, "server/audit/verify-cli.ts") },
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outdir,
  outExtension: { ".js": ".mjs" },
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
let status = 2;
try {
  const { main } = await import(pathToFileURL(path.join(outdir, "verify-cli.mjs")).href);
  status = await main(process.env);
} finally {
  fs.rmSync(outdir, { recursive: true, force: true });
}
process.exit(status);
