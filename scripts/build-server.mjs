// Bundles the process entry (server/main.ts) into build/server.js and records the version and source commit
// in build/version.json. node_modules stay external; the Remix build (build/index.js) is loaded at run time.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { OPERATOR_COMMANDS } from "./operator-commands.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();

await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, "build/server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
// The protocol analyses' worker thread (piscina), beside the server bundle (server/protocol-analysis/pool.ts).
await build({
  entryPoints: [path.join(root, "server/protocol-analysis/worker.ts")],
  outfile: path.join(root, "build/protocol-analysis-worker.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});

// The operators' commands (npm run audit:verify, npm run cdq:import), so that they write nothing to the checkout.
for (const [file, options] of Object.entries(OPERATOR_COMMANDS)) {
  await build({ ...options, outfile: path.join(root, "build", file), sourcemap: true, logLevel: "warning" });
}

const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
let commit = process.env.SOURCE_COMMIT || "unknown";
if (commit === "unknown") {
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    // not a git checkout
  }
}
fs.writeFileSync(
  path.join(root, "build/version.json"),
  `${JSON.stringify({ version: pkg.version, commit }, null, 2)}\n`,
);
console.log(
  `built build/server.js in ${Date.now() - started} ms (version ${pkg.version}, commit ${commit.slice(0, 12)})`,
);
