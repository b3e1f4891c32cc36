// The operators' commands (npm run audit:verify, npm run cdq:import) run as `npm run build` made them, under build/:
// nothing is written to the checkout, so they run where it is read-only, and as any user. In a checkout not yet
// built (development, tests), the command is bundled first into node_modules/.cache/rbqm (inside the project, so its
// packages resolve). Whatever stops a command from running (no build and no way to make one, a failed import) exits
// 2, never 1, which the commands keep for their own verdict (a broken chain, a refused file).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { OPERATOR_COMMANDS } from "./operator-commands.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function runOperatorCommand(name, file) {
  try {
    let entry = path.join(root, "build", file);
    if (!fs.existsSync(entry)) entry = await bundle(file);
    const { run } = await import(pathToFileURL(entry).href);
    return await run();
  } catch (error) {
    process.stderr.write(`${name} could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function bundle(file) {
  const outfile = path.join(root, "node_modules", ".cache", "rbqm", file);
  try {
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    const { build } = await import("esbuild");
    await build({ ...OPERATOR_COMMANDS[file], outfile, logLevel: "silent" });
  } catch (error) {
    throw new Error(
      `build/${file} is missing and could not be made here (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); run npm run build first`,
    );
  }
  return outfile;
}
