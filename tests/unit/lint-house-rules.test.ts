import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The house rules of the import plan are lint rules (eslint.config.js, docs/architecture.md): each one fails on a
 * deliberate breach, written as a file at the place the rule guards, and passes on the clean case beside it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });

/** The rules a text breaks, linted as if it were the file at `file` (it need not exist). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`);
}

const ruleOf = (messages: string[]) => messages.map((m) => m.split(":")[0]);

describe("the house rules, enforced by lint", () => {
  it("app/ imports server/ only through server/contracts (a type from elsewhere is fine)", async () => {
    const breach = await broken(
      "app/lib/house-rule-breach.server.ts",
      'import { getStudy } from "@server/studies/service";\n\nexport const f = getStudy;\n',
    );
    expect(ruleOf(breach)).toContain("@typescript-eslint/no-restricted-imports");
    expect(breach.join("\n")).toContain("server/contracts");

    const relative = await broken(
      "app/lib/house-rule-breach.server.ts",
      'import { getStudy } from "../../server/studies/service";\n\nexport const f = getStudy;\n',
    );
    expect(ruleOf(relative)).toContain("@typescript-eslint/no-restricted-imports");

    const clean = await broken(
      "app/lib/house-rule-clean.server.ts",
      'import { studyCalls } from "@server/contracts/calls/studies";\nimport type { Logger } from "@server/observability/logger";\n\nexport const f = (log: Logger) => [log, studyCalls.get];\n',
    );
    expect(clean).toEqual([]);
  });

  it("server/ reaches into app/ only from the composition root, and there only for the transport and the context", async () => {
    const breach = await broken(
      "server/studies/house-rule-breach.ts",
      'import { createHttpTransport } from "../../app/lib/api/transport.server";\n\nexport const f = createHttpTransport;\n',
    );
    expect(ruleOf(breach)).toContain("import-x/no-restricted-paths");

    const rootBreach = await broken(
      "server/main.ts",
      'import { requestApi } from "../app/lib/auth.server";\n\nexport const f = requestApi;\n',
    );
    expect(ruleOf(rootBreach)).toContain("import-x/no-restricted-paths");

    const rootClean = await broken(
      "server/main.ts",
      'import { createHttpTransport } from "../app/lib/api/transport.server";\n\nexport const f = createHttpTransport;\n',
    );
    expect(ruleOf(rootClean)).not.toContain("import-x/no-restricted-paths");
  });

  it("server/contracts does no I/O and imports nothing outside server/contracts", async () => {
    const io = await broken(
      "server/contracts/house-rule-breach.ts",
      'import fs from "node:fs";\n\nexport const read = (file: string) => fs.readFileSync(file, "utf8");\n',
    );
    expect(ruleOf(io)).toContain("@typescript-eslint/no-restricted-imports");

    const db = await broken(
      "server/contracts/house-rule-breach.ts",
      'import { eq } from "drizzle-orm";\n\nexport const same = eq;\n',
    );
    expect(ruleOf(db)).toContain("@typescript-eslint/no-restricted-imports");

    const outside = await broken(
      "server/contracts/house-rule-breach.ts",
      'import { notFound } from "../http/problem";\n\nexport const missing = notFound;\n',
    );
    expect(ruleOf(outside)).toContain("import-x/no-restricted-paths");

    const clean = await broken(
      "server/contracts/calls/house-rule-clean.ts",
      'import { z } from "zod";\nimport type { StudyBasicInfo } from "../studies";\nimport { answer, defineCall } from "./define";\n\nexport const call = defineCall({\n  method: "POST",\n  path: "/studies/:studyName/x",\n  body: z.object({}),\n  answer: answer<StudyBasicInfo>(),\n});\n',
    );
    expect(clean).toEqual([]);
  });

  it("the API pipeline (server/http/) imports no domain folder", async () => {
    const breach = await broken(
      "server/http/house-rule-breach.ts",
      'import { getStudy } from "../studies/service";\n\nexport const f = getStudy;\n',
    );
    expect(ruleOf(breach)).toContain("@typescript-eslint/no-restricted-imports");

    const clean = await broken(
      "server/http/house-rule-clean.ts",
      'import type { Principal } from "../auth/principal";\nimport { ErrorCode } from "../contracts/common";\n\nexport const f = (p: Principal) => [p, ErrorCode.NotFound];\n',
    );
    expect(clean).toEqual([]);
  });

  it("no import cycles", async () => {
    // server/contracts/calls/define.ts is imported by studies.ts: importing studies.ts back closes a cycle.
    const breach = await broken(
      "server/contracts/calls/define.ts",
      'import { studyCalls } from "./studies";\n\nexport const calls = studyCalls;\n',
    );
    expect(ruleOf(breach)).toContain("import-x/no-cycle");

    const clean = await broken(
      "server/contracts/calls/define.ts",
      'import { z } from "zod";\n\nexport const schema = z.object({});\n',
    );
    expect(ruleOf(clean)).not.toContain("import-x/no-cycle");
  });
});
