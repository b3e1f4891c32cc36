// `npm run cdq:import -- --company <id> --study <name> FILE`: bundles the import command (server/cdq/import-cli.ts)
// with esbuild, as scripts/build-server.mjs does for the service, and runs it. See server/cdq/import-cli.ts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Inside the project, so the bundle resolves node_modules and finds server/db/migrations.
const outfile = path.join(root, "node_modules", ".cache", "rbqm", "cdq-import.mjs");
fs.mkdirSync(path.dirname(outfile), { recursive: true });
await build({
  stdin: {
    contents: `import { runImportCli } from "./server/cdq/import-cli.ts";
const env = process.env.ENV_FILE ?? ".env";
if (env !== "none" && env !== "" && (await import("node:fs")).existsSync(env)) process.loadEnvFile(env);
process.exitCode = await runImportCli(process.argv.slice(2), {
  stdout: (line) => process.stdout.write(line + "\\n"),
  stderr: (line) => process.stderr.write(line + "\\n"),
  cwd: process.env.INIT_CWD,
});`,
    resolveDir: root,
    sourcefile: "cdq-import-entry.ts",
    loader: "ts",
  },
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
await import(pathToFileURL(outfile).href);
