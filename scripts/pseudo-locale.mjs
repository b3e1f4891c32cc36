// Writes locales/xx.json, the test locale: every text of locales/deven.json wrapped in ⟦ ⟧, with {{placeholders}}
// kept. A page rendered in xx shows at a glance (and to the e2e tests) any text that does not come from a locale file.
// Usage: node scripts/pseudo-locale.mjs [--check]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = JSON.parse(fs.readFileSync(path.join(root, "locales/deven.json"), "utf8"));

export function pseudo(value) {
  if (typeof value === "string") return `⟦${value}⟧`;
  if (Array.isArray(value)) return value.map(pseudo);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudo(v)]));
  return value;
}

const target = path.join(root, "locales/xx.json");
const text = `${JSON.stringify(pseudo(source), null, 2)}\n`;
if (process.argv.includes("--check")) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (current !== text) {
    console.error("locales/xx.json is out of date: run `npm run i18n:pseudo`.");
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, text);
}
