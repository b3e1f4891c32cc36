import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { htmlLang, isLocale } from "~/lib/i18n";
import deven from "../../locales/deven.json";
import xx from "../../locales/xx.json";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const root = path.resolve(__dirname, "../..");

describe("locales", () => {
  it("the test locale xx has exactly the keys of deven, each text marked", () => {
    expect(keys(xx as Tree).sort()).toEqual(keys(deven as Tree).sort());
    for (const key of keys(deven as Tree)) {
      expect(lookup(xx as Tree, key)).toBe(`⟦${lookup(deven as Tree, key)}⟧`);
    }
  });

  it("xx.json is what the generator writes (npm run i18n:pseudo)", () => {
    expect(() =>
      execFileSync("node", [path.join(root, "scripts/pseudo-locale.mjs"), "--check"], { stdio: "pipe" }),
    ).not.toThrow();
  });

  it("every key the app translates exists in deven.json", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(root, "app"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((key) => lookup(deven as Tree, key) === undefined);
    expect(missing).toEqual([]);
  });

  it("uses the spec's texts verbatim", () => {
    expect(lookup(deven as Tree, "errorPage.title")).toBe("Umm... That wasn't supposed to happen");
    expect(lookup(deven as Tree, "permissions.denied")).toBe("You lack the permissions to view this page.");
    expect(lookup(deven as Tree, "errors.network")).toBe(
      "There was an error while sending a request to the server. Please reload the page and try again.",
    );
    expect(lookup(deven as Tree, "errors.generic")).toBe("There was an error. Please reload the page and try again.");
  });

  it("knows its locales and gives valid HTML lang values", () => {
    expect(isLocale("deven")).toBe(true);
    expect(isLocale("xx")).toBe(true);
    expect(isLocale("en")).toBe(false);
    expect(htmlLang("deven")).toBe("en");
    expect(htmlLang("xx")).toBe("en-XA");
  });
});
