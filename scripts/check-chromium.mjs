// The browser tests drive Debian's Chromium (Playwright cannot download a browser here). Fail clearly if it is missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let version = "";
try {
  if (!fs.existsSync(chromium)) throw new Error("missing");
  version = execFileSync(chromium, ["--version"], { stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 })
    .toString()
    .trim();
} catch {
  console.error(
    [
      `Chromium was not found at ${chromium}; the browser tests need it.`,
      "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium",
      "(or point CHROMIUM_PATH at a Chromium binary). `npx playwright install` is not needed.",
    ].join("\n"),
  );
  process.exit(1);
}
console.log(`browser tests use ${version} (${chromium})`);
