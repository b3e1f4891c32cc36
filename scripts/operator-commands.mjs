// esbuild options of the operators' commands, shared by scripts/build-server.mjs (build/*.js) and
// scripts/operator-command.mjs (a checkout not yet built). Each bundle exports run(): its exit status.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
};

export const OPERATOR_COMMANDS = {
  "audit-verify.js": {
    ...common,
    stdin: {
      contents: `import { main } from "./server/audit/verify-cli.ts";
export const run = () => main(process.env);`,
      resolveDir: root,
      sourcefile: "audit-verify-entry.ts",
      loader: "ts",
    },
  },
  "cdq-import.js": {
    ...common,
    stdin: {
      contents: `import { runImportCli } from "./server/cdq/import-cli.ts";
export async function run() {
  const env = process.env.ENV_FILE ?? ".env";
  if (env !== "none" && env !== "" && (await import("node:fs")).existsSync(env)) process.loadEnvFile(env);
  return runImportCli(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(line + "\\n"),
    stderr: (line) => process.stderr.write(line + "\\n"),
    cwd: process.env.INIT_CWD,
  });
}`,
      resolveDir: root,
      sourcefile: "cdq-import-entry.ts",
      loader: "ts",
    },
  },
};
