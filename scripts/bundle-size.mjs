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
 * The budget of issue 10 and issue 26: 110 KB for every route's first visit, test pages aside
 * (docs/decisions/0050-forms-after-first-paint-and-editors-that-scale.md).
 * - The five sign-in form pages are held to it: the kit's light engine (useLightKitForm) loads conform, zod and the
 *   form's schema after the first paint, so they carry React and Remix (86 KB), the root and the fields (107 KB).
 * - Every other page is held to it too (ADR 0052, ADR 0059): the dialogs' implementations, the error view, the menus'
 *   keyboard code and the study list's loader are chunks loaded after hydration (server-eager, client-lazy), the
 *   navigation bar no longer brings the spinner, and the root and the shell's layouts carry no shared empty `.server`
 *   chunk. The highest, the CDQ list and issue, are at 109.5 KB (the study overview 103.2 KB): what is left is the
 *   header's markup code, the pages' own views and esbuild's many small shared chunks.
 * - The editable-list pages (the CP&CD editors, the risk assessment and CTQ results) are held to it too (ADR 0064):
 *   their view (the list engine, its fields, the page's components) is a chunk of its own, rendered whole by the server
 *   and hydrated when it has come (app/components/lazy-view.tsx); until then the page works as without scripts. They
 *   are at 103.5–103.9 KB, the shell's share (the study overview, 103.2 KB) and the lazy view's wrapper. Their
 *   validation runtime comes after the first paint (ADR 0050), their dialogs when they open (ADR 0051, ADR 0052).
 */
export const BUDGET_KB = 110;
export const FORM_PAGE_BUDGET_KB = 110;
const FORM_PAGES = [
  "/ng/login ",
  "/ng/login/password ",
  "/ng/login/code ",
  "/ng/forgotPassword ",
  "/ng/setNewPassword ",
];
export const budgetOf = (route) =>
  FORM_PAGES.some((page) => route.startsWith(page)) ? FORM_PAGE_BUDGET_KB : BUDGET_KB;

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
