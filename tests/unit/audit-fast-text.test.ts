import { describe, expect, it } from "vitest";
import { auditJsonToYaml, flatRecordYaml } from "~/features/audit/flat-yaml.server";
import { timestampView } from "~/features/audit/yaml.server";
import { jsonToYaml } from "~/lib/yaml";

/** A small seeded generator (mulberry32), so a failure names an input that can be made again. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

/** Texts a data change holds, and the ones YAML treats specially (quotes, comments, indicators, look-alikes). */
const WORDS = [
  "Visit 1",
  "Checked at every visit, by the site monitor (SDV).",
  "O'Brien",
  "a/b_c-d.e;f",
  "true",
  "False",
  "NULL",
  "yes",
  "No",
  "on",
  "y",
  "~",
  "12",
  "0x1F",
  "1e3",
  ".inf",
  "-",
  "- item",
  "a: b",
  "a:b",
  "note #1",
  "#tag",
  "trailing ",
  " leading",
  "two\nlines",
  "tab\there",
  "",
  "'quoted'",
  '"double"',
  "[x]",
  "{y}",
  "&anchor",
  "*alias",
  "!tag",
  "|block",
  ">fold",
  "%dir",
  "@at",
  "`tick`",
  "---",
  "...",
  "? key",
  "é accent",
  "emoji 😀",
  "x".repeat(250),
  "Long text ".repeat(30).trim(),
];
const KEYS = [
  "title",
  "details",
  "isCritical",
  "label",
  "Site Name",
  "a b",
  "1st",
  "_id",
  "x:y",
  "true",
  "k#",
  "émoji",
];

function value(g: ReturnType<typeof generator>, depth: number): unknown {
  const kind = g.next();
  if (kind < 0.45) return g.pick(WORDS);
  if (kind < 0.55) return g.pick([0, 1, -7, 42, 3.5, -0, 1e21, 2 ** 53, -1.25e-7]);
  if (kind < 0.65) return g.pick([true, false, null]);
  if (depth > 1) return g.pick(WORDS);
  if (kind < 0.8) return record(g, depth + 1);
  return Array.from({ length: Math.floor(g.next() * 3) }, () => value(g, depth + 1));
}

/** The plain words and keys of WORDS and KEYS: records of them are what the fast path is for. */
const PLAIN_WORDS = ["Visit 1", "Checked at every visit, by the site monitor (SDV).", "O'Brien", "a/b_c-d.e;f"];
const PLAIN_KEYS = ["title", "details", "isCritical", "label", "Site Name", "a b"];

function record(g: ReturnType<typeof generator>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const size = Math.floor(g.next() * 6);
  // Half of the records mostly plain (the fast path, with now and then a field that is not), half anything.
  const plain = g.next() < 0.5;
  for (let i = 0; i < size; i++) {
    if (plain) out[g.pick(PLAIN_KEYS)] = g.next() < 0.9 ? g.pick([...PLAIN_WORDS, 7, true, null]) : value(g, depth);
    else out[g.next() < 0.8 ? g.pick(KEYS) : g.pick(WORDS)] = value(g, depth);
  }
  return out;
}

describe("the audit pages' YAML (ADR 0058)", () => {
  it("writes a flat record as the YAML library does, and leaves the rest to the library", () => {
    const g = generator(20261128);
    let fast = 0;
    for (let i = 0; i < 5000; i++) {
      const input = g.next() < 0.7 ? record(g) : value(g, 0);
      const json = JSON.stringify(input);
      expect(auditJsonToYaml(json), json).toEqual(jsonToYaml(json));
      if (flatRecordYaml(JSON.parse(json)) !== null) fast++;
    }
    // The fast path is taken (or this test would compare the library with itself).
    expect(fast).toBeGreaterThan(500);
  });

  it("takes the fast path for the records data changes hold", () => {
    const change = { title: "Informed consent", details: "Checked at every visit, revision 3.", isCritical: true };
    expect(flatRecordYaml(change)).toBe(
      "title: Informed consent\ndetails: Checked at every visit, revision 3.\nisCritical: true",
    );
    expect(flatRecordYaml({ count: 3, none: null })).toBe("count: 3\nnone: null");
    for (const other of [{}, [], "text", 3, null, { a: { b: 1 } }, { a: [1] }, { a: "true" }, { a: 1.5 }]) {
      expect(flatRecordYaml(other), JSON.stringify(other)).toBeNull();
    }
  });

  it("keeps the library's answers for nothing, null and what is not JSON", () => {
    for (const json of [null, undefined, "", "  ", "null", "{not json", "[]", "{}", '"text"', "12"]) {
      expect(auditJsonToYaml(json), String(json)).toEqual(jsonToYaml(json));
    }
  });
});

describe("the audit pages' timestamps (ADR 0058, 0061)", () => {
  it("are the shared format's text (formatTimestamp, whose own direct path is compared with date-fns)", () => {
    expect(timestampView("2026-11-28T09:23:16.369123Z")).toEqual({
      text: "Nov 28, 2026 09:23:16 UTC",
      iso: "2026-11-28T09:23:16.369Z",
    });
    expect(timestampView(null)).toBeNull();
  });
});
