import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The house rules of eslint.config.js (issue 21, docs/architecture.md), each shown failing on a deliberate breach and
 * passing on a clean case. The code is linted as if it stood at `filePath`: nothing is written.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const statements = (count: number) => Array.from({ length: count }, (_, i) => `  total += ${i};`).join("\n");
const fn = (name: string, bodyLines: number) =>
  `export function ${name}(): number {\n  let total = 0;\n${statements(bodyLines)}\n  return total;\n}\n`;

describe("size rules", () => {
  it("refuses a file over 500 lines in app/ and server/, and takes one of 500", async () => {
    const long = Array.from({ length: 9 }, (_, i) => fn(`part${i}`, 60)).join("\n");
    expect(long.split("\n").length).toBeGreaterThan(500);
    expect(await rulesBroken(long, "server/cdq/too-long.ts")).toContain("max-lines");
    expect(await rulesBroken(long, "app/features/cdq/too-long.ts")).toContain("max-lines");
    const fits = Array.from({ length: 7 }, (_, i) => fn(`part${i}`, 60)).join("\n");
    expect(fits.split("\n").length).toBeLessThanOrEqual(500);
    expect(await rulesBroken(fits, "server/cdq/fits.ts")).toEqual([]);
  });

  it("refuses a function over 80 lines, and takes one of 80", async () => {
    expect(await rulesBroken(fn("tooLong", 78), "server/cdq/long-function.ts")).toContain("max-lines-per-function");
    expect(await rulesBroken(fn("tooLong", 78), "app/lib/long-function.ts")).toContain("max-lines-per-function");
    // 77 statements, the opening and closing lines, `let` and `return`: 81 lines against 80.
    expect(await rulesBroken(fn("fits", 76), "server/cdq/short-function.ts")).toEqual([]);
  });

  it("leaves the listed exclusions alone (word lists, demo data)", async () => {
    expect(await rulesBroken(fn("wordList", 200), "app/lib/hex-id-words.ts")).toEqual([]);
    expect(await rulesBroken(fn("demo", 200), "server/seed/demo-more.ts")).toEqual([]);
  });

  it("holds the offline analyzer to the same rules since it was split (issue 23)", async () => {
    expect(await rulesBroken(fn("facts", 200), "server/protocol-analysis/analyzers/offline/facts-x.ts")).toContain(
      "max-lines-per-function",
    );
  });
});

describe("import rules", () => {
  const importing = (from: string) => `import { Thing } from "${from}";\n\nexport const used = Thing;\n`;

  it("refuses a component, feature or route imported into app/lib", async () => {
    expect(await rulesBroken(importing("~/components/widgets/YamlView"), "app/lib/x.ts")).toContain(
      "no-restricted-imports",
    );
    expect(await rulesBroken(importing("~/features/cdq/issue-view"), "app/lib/x.ts")).toContain(
      "no-restricted-imports",
    );
    expect(await rulesBroken(importing("../components/AppLink"), "app/lib/x.ts")).toContain("no-restricted-imports");
  });

  it("refuses a feature imported into a shared component", async () => {
    expect(await rulesBroken(importing("~/features/cdq/issue-view"), "app/components/x.tsx")).toContain(
      "no-restricted-imports",
    );
  });

  it("lets a feature import app/lib and shared components, and app/lib import app/lib", async () => {
    expect(await rulesBroken(importing("~/lib/yaml"), "app/lib/x.ts")).toEqual([]);
    expect(await rulesBroken(importing("~/components/widgets/YamlView"), "app/features/audit/x.ts")).toEqual([]);
  });
});
