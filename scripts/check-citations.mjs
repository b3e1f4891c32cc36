#!/usr/bin/env node
// Checks that every citation of the product specification in the code resolves to a heading of docs/requirements.md.
//
//   node scripts/check-citations.mjs [--verbose] [dir or file …]     (default: app server tests scripts)
//
// A citation names one of the two specification documents, 000 or 001, and then a section, a name, or both:
//   000 §2.3                  a section; resolves to a heading that starts with "000 §2.3"
//   000 §4.1 step 4           the words after the number are free text
//   000 §2.6–2.8              a range: every section in it must resolve (2.6, 2.7 and 2.8)
//   000 §3.8, §8; §3.8 and §8  more sections of the same document, after a comma, semicolon, "and" or "or"
//   001 §3 "Audit entry"      a quoted name: a heading of that section must contain it (or all its words), or the
//                             section's text must contain it
//   001 "Error page"          a name alone: some heading of that document must contain it (or all its words)
// A chain may continue on the next line of a comment. A "§" with no document or standard before it, as in "(§4.3)",
// names nothing we can check and is reported too. "§" after another word ("RFC 6749 §4.1", "Annex 11 §9") belongs to
// that other standard and is ignored, with the rest of its chain.
//
// Prints each citation that does not resolve as file:line and exits 1 if there is any. Plain Node, no dependencies.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SELF = fileURLToPath(import.meta.url);
const REQUIREMENTS = path.join(ROOT, "docs", "requirements.md");
const DEFAULT_PATHS = ["app", "server", "tests", "scripts"];
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|sql|css|html?|md|txt|ya?ml|json)$/i;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const paths = args.filter((a) => !a.startsWith("--"));

// ---------------------------------------------------------------------------------------------------------------
// The headings of docs/requirements.md

/** Text for comparison: lower case, markdown emphasis and code marks removed, quotes and dashes made plain. */
function normalise(text) {
  return text
    .replace(/[*_`]/g, "")
    .replace(/\\(.)/g, "$1")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** GitHub's anchor for a heading. */
function slug(title) {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function readRequirements() {
  let text;
  try {
    text = fs.readFileSync(REQUIREMENTS, "utf8");
  } catch {
    console.error(`check-citations: ${path.relative(ROOT, REQUIREMENTS)} cannot be read.`);
    process.exit(2);
  }
  const headings = [];
  let fenced = false;
  let current;
  for (const [index, line] of text.split("\n").entries()) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const cited = /^(000|001)\s*§\s*(\d+(?:\.\d+)*)(?![\d.]*\d)\s*(.*)$/.exec(heading[2]);
      current = {
        line: index + 1,
        text: heading[2],
        doc: cited?.[1],
        number: cited?.[2],
        title: normalise(cited?.[3] ?? ""),
        body: [],
      };
      headings.push(current);
    } else if (current) {
      current.body.push(line);
    }
  }
  const cited = headings.filter((h) => h.doc);
  for (const h of cited) h.body = normalise(h.body.join(" "));
  return cited;
}

const headings = readRequirements();
const keys = new Set(headings.map((h) => `${h.doc} §${h.number}`));

/** The headings of a section and of its subsections: 000 §2 includes 000 §2.3. */
const within = (doc, number) =>
  headings.filter((h) => h.doc === doc && (h.number === number || h.number.startsWith(`${number}.`)));

const words = (text) => text.split(/[^\p{L}\p{N}&/]+/u).filter(Boolean);

/** A heading named by a quoted name: its title contains the name, or else every word of the name. */
function named(candidates, wanted) {
  const all = (h) => words(wanted).every((w) => words(h.title).includes(w));
  return candidates.find((h) => h.title.includes(wanted)) ?? candidates.find((h) => words(wanted).length > 0 && all(h));
}

/** Why a reference does not resolve, or the heading it resolves to. */
function resolve({ doc, number, name }) {
  const wanted = name === undefined ? undefined : normalise(name);
  if (number === undefined) {
    const found = named(
      headings.filter((h) => h.doc === doc),
      wanted,
    );
    return found ? { heading: found } : { problem: `no heading of ${doc} is named "${name}"` };
  }
  if (!keys.has(`${doc} §${number}`)) return { problem: `no heading "${doc} §${number}"` };
  if (wanted === undefined) return { heading: headings.find((h) => h.doc === doc && h.number === number) };
  const section = within(doc, number);
  const found = named(section, wanted) ?? section.find((h) => h.body.includes(wanted));
  return found ? { heading: found } : { problem: `"${name}" is neither a heading nor a text of ${doc} §${number}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Citations in the code

const NUMBER = String.raw`(\d+(?:\.\d+)*)(?![\d.]*\d)`;
const RANGE = String.raw`(?:[ \t]*[–—-][ \t]*§?[ \t]*${NUMBER})?`;
const NAME = String.raw`(?:[ \t]+["“]([^"”\n]{1,100})["”])?`;
/** A separator between two sections of one chain; it may cross into the next line of a comment. */
const SEPARATOR = String.raw`[ \t]*(?:,[ \t]*(?:and|or)\b|,|;|&|\band\b|\bor\b)\s*(?:(?:\*(?!\/)|\/\/|#|--)[ \t]*)?`;
const HEAD = new RegExp(
  String.raw`(?<![\w.§])(000|001)(?:[ \t\u00a0]*§[ \t\u00a0]*${NUMBER}${RANGE}${NAME}|[ \t]+["“]([^"”\n]{1,100})["”])`,
  "gu",
);
const NEXT = new RegExp(String.raw`${SEPARATOR}§[ \t]*${NUMBER}${RANGE}${NAME}`, "y");
const ANY_SECTION = /§[ \t\u00a0]*\d/g;

/** The sections of a range: 2.6–2.8 gives 2.6, 2.7, 2.8; anything else gives its two ends. */
function expand(from, to) {
  if (to === undefined) return [from];
  const a = from.split(".");
  const b = to.split(".");
  const last = (parts) => Number(parts[parts.length - 1]);
  if (a.length === b.length && a.slice(0, -1).join(".") === b.slice(0, -1).join(".") && last(a) <= last(b)) {
    const prefix = a.slice(0, -1);
    return Array.from({ length: last(b) - last(a) + 1 }, (_, i) => [...prefix, String(last(a) + i)].join("."));
  }
  return [from, to];
}

function lineAt(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Every spec reference of one file, and every "§" that names no document. */
function scan(text) {
  const references = [];
  const covered = [];
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const add = (doc, offset, number, to, name, cited) => {
    const line = lineAt(starts, offset);
    if (number === undefined) references.push({ doc, name, line, cited });
    else for (const n of expand(number, to)) references.push({ doc, number: n, name, line, cited });
  };

  for (const head of text.matchAll(HEAD)) {
    const [whole, doc, number, to, name, nameAlone] = head;
    add(doc, head.index, number, to, name ?? nameAlone, whole.replace(/\s+/g, " "));
    let end = head.index + whole.length;
    if (number !== undefined) {
      NEXT.lastIndex = end;
      for (let next; (next = NEXT.exec(text)); end = NEXT.lastIndex) {
        const at = next.index + next[0].indexOf("§");
        add(doc, at, next[1], next[2], next[3], `${doc} ${next[0].slice(next[0].indexOf("§")).replace(/\s+/g, " ")}`);
      }
    }
    covered.push([head.index, end]);
  }

  // A "§" outside those chains: part of another standard's chain ("RFC 6749 §4.1, §4.2"), or naming no document.
  const isCovered = (offset) => covered.some(([from, to]) => offset >= from && offset < to);
  let otherChainEnd = -1;
  for (const mark of text.matchAll(ANY_SECTION)) {
    if (isCovered(mark.index) || mark.index < otherChainEnd) continue;
    const before = text.slice(Math.max(0, mark.index - 40), mark.index).replace(/\s+$/, "");
    if (/[\p{L}\p{N})]$/u.test(before)) {
      // Another standard's section: skip its continuations too.
      NEXT.lastIndex = mark.index + /^§[ \t\u00a0]*[\d.]*\d/.exec(text.slice(mark.index))[0].length;
      let end = NEXT.lastIndex;
      while (NEXT.exec(text)) end = NEXT.lastIndex;
      otherChainEnd = end;
      continue;
    }
    const cited = /^§[ \t\u00a0]*[\d.]*\d/.exec(text.slice(mark.index))[0];
    references.push({ line: lineAt(starts, mark.index), cited, bare: true });
  }
  return references;
}

function* files(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return;
  }
  if (stat.isFile()) {
    if (SOURCE_FILE.test(target) && stat.size <= MAX_FILE_BYTES && path.resolve(target) !== SELF) yield target;
    return;
  }
  for (const entry of fs.readdirSync(target, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    yield* files(path.join(target, entry.name));
  }
}

let total = 0;
let resolved = 0;
let fileCount = 0;
const problems = [];
const targets = paths.length > 0 ? paths.map((p) => path.resolve(p)) : DEFAULT_PATHS.map((p) => path.join(ROOT, p));
for (const target of targets) {
  for (const file of files(target)) {
    const references = scan(fs.readFileSync(file, "utf8")).sort((a, b) => a.line - b.line);
    if (references.length === 0) continue;
    fileCount++;
    const relative = path.relative(ROOT, file);
    const where = relative.startsWith("..") ? file : relative;
    for (const ref of references) {
      total++;
      const result = ref.bare ? { problem: "names no document: write 000 §… or 001 §…" } : resolve(ref);
      if (result.problem) {
        problems.push(`${where}:${ref.line}: ${ref.cited}: ${result.problem}`);
      } else {
        resolved++;
        if (verbose) {
          const h = result.heading;
          console.log(`${where}:${ref.line}: ${ref.cited} → docs/requirements.md#${slug(h.text)}`);
        }
      }
    }
  }
}

for (const problem of problems) console.log(problem);
const summary =
  `check-citations: ${total} spec references in ${fileCount} ${fileCount === 1 ? "file" : "files"}; ` +
  `${resolved} resolve to a heading of docs/requirements.md`;
if (problems.length > 0) {
  console.log(`${summary}, ${problems.length} do not.`);
  process.exit(1);
}
console.log(`${summary}.`);
