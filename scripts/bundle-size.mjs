// First-visit JavaScript per route, gzipped: what a browser downloads to show a page of that route for the first
// time (the entry, the manifest, and every module of the route and its ancestors, with their imports). Lazy chunks
// loaded on interaction are not counted. Used by `npm run bench:http` and `node scripts/bundle-size.mjs`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

export function routeBundleSizes(root) {
  const buildDir = path.join(root, "public", "ng", "build");
  const manifestFile = fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no Remix manifest: run `npm run build` first");
  const text = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const sizes = new Map();
  const gz = (url) => {
    if (!sizes.has(url)) {
      const file = path.join(root, "public", decodeURIComponent(url));
      sizes.set(url, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0);
    }
    return sizes.get(url);
  };
  const routes = manifest.routes;
  const out = [];
  const isLeaf = (id) => !Object.values(routes).some((r) => r.parentId === id);
  for (const route of Object.values(routes)) {
    if (!isLeaf(route.id) || !route.module) continue;
    const files = new Set([`/ng/build/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
    let pathParts = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
      if (r.module) files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
      if (r.path) pathParts.unshift(r.path);
    }
    const url = `/${pathParts.join("/")}`.replace(/\/+/g, "/");
    // Resource routes are never pages: their client module is an empty stub without a component.
    const source = fs.readFileSync(path.join(root, "public", decodeURIComponent(route.module)), "utf8");
    if (!/ as default[,}]/.test(source)) continue;
    let bytes = 0;
    for (const f of files) bytes += gz(f);
    out.push({ route: `${url} (${route.id})`, bytes, test: /\/ng\/test/.test(url) });
  }
  return out.sort((a, b) => b.bytes - a.bytes);
}

/**
 * The budget of issue 10: 110 KB for every route's first visit, test pages aside. The five sign-in form pages carry the
 * form runtime (conform and zod/mini, 15 KB) over React and Remix (86 KB); they are held where they are until that
 * changes (docs/decisions/0021-fast-pages.md). Remix's route manifest, loaded on every first visit, grows with every
 * route: the 001 features' thirty routes added about 1.5 KB to every page, so both limits carry 2 KB for it. Splitting
 * the shell's and editors' long components into named parts (issue 21, ADR 0038) added about 1 KB gzipped to the pages
 * that carry them: the page and editor limits carry it until issue 26 brings every route under 110 KB.
 */
export const BUDGET_KB = 113;
export const FORM_PAGE_BUDGET_KB = 123;
const FORM_PAGES = [
  "/ng/login ",
  "/ng/login/password ",
  "/ng/login/code ",
  "/ng/forgotPassword ",
  "/ng/setNewPassword ",
];
/**
 * Shell pages on the kit's editable list carry the form runtime (20 KB) over the shell (103 KB) and the list kit: the
 * CP&CD editors (issue 12, docs/decisions/0025-critical-processes-and-data.md) and the risk assessment results (issue 15).
 * Issue 24 added 0.7 KB to the study CP&CD page (Ask AI's "Not available yet", the way into Protocol Analysis), 1.1 KB
 * to the CP&CD editors (ADR 0044: the save's rationale, the rows' origins for the duplicate message, the Add dialog's
 * check, the in-place refusal of a form the service could not take) and 1.3 KB to the results page (the review layout,
 * the filter, the question before a second insert, and the kit's share of the above): 138.5 KB. The limit carries
 * 3 KB more until issue 26 brings every route under 110 KB (the validation runtime after the first paint).
 */
export const EDITOR_PAGE_BUDGET_KB = 139;
const EDITOR_PAGES = [
  "/ng/companies/:companyId/studies/:studyName/cpcd ",
  "/ng/companies/:companyId/cpcd ",
  "/ng/companies/:companyId/studies/:studyName/riskAssessment/results ",
  // Issue 25: the CTQ results, both CTQ lists on the same list kit and review layout as the risk results.
  "/ng/companies/:companyId/studies/:studyName/ctqf/results ",
];
export const budgetOf = (route) =>
  FORM_PAGES.some((page) => route.startsWith(page))
    ? FORM_PAGE_BUDGET_KB
    : EDITOR_PAGES.some((page) => route.startsWith(page))
      ? EDITOR_PAGE_BUDGET_KB
      : BUDGET_KB;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const check = process.argv.includes("--check");
  const over = [];
  for (const { route, bytes, test } of routeBundleSizes(root)) {
    const kb = bytes / 1024;
    if (!test && kb > budgetOf(route)) over.push(`${route}: ${kb.toFixed(1)} KB, budget ${budgetOf(route)} KB`);
    if (!check) console.log(`${kb.toFixed(1).padStart(7)} KB  ${route}${test ? "  (test page)" : ""}`);
  }
  if (check) {
    if (over.length) {
      console.error(`bundle-size: over budget (first-visit JS, gzipped):\n  ${over.join("\n  ")}`);
      process.exit(1);
    }
    console.log("bundle-size: every route within its first-visit JS budget");
  }
}
