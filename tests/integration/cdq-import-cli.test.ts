import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMPORT_DISPLAY_TEXT, runImportCli } from "@server/cdq/import-cli";
import { cdqIssues } from "@server/cdq/schema";
import { auditEntries } from "@server/db/schema";
import { DEMO, seedDemoData } from "@server/seed/demo";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds, openTestDatabase, type TestDatabase } from "../support/db";

const C = DEMO.company.id;
const S = DEMO.studies;

/** `npm run cdq:import` (server/cdq/import-cli.ts), run in-process against a seeded database. */
describe.each(dbKinds())("cdq:import on %s", (kind) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-cdq-cli-"));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCli(args, {
      database,
      cwd: dir,
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return name;
  };
  const count = async () =>
    Number(
      (
        await database.db
          .select({ n: sql<number>`count(*)` })
          .from(cdqIssues)
          .where(eq(cdqIssues.studyId, S.second.id))
      )[0]!.n,
    );
  const cliEntries = () =>
    database.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.studyId, S.second.id),
          sql`${auditEntries.entryPoint}->>'displayText' = ${IMPORT_DISPLAY_TEXT}`,
        ),
      )
      .orderBy(desc(auditEntries.seq));

  const header = "displayId,type,title,dateOfDetection,state,designee,dueDate,context";

  it("refuses a file with bad rows, naming each row and field, and writes nothing", async () => {
    const before = await count();
    const file = write(
      "bad.csv",
      [
        header,
        "CLI-1,Protocol Deviation,Missed visit,2026-01-02,Active,,,",
        "CLI-2,,Odd value,2026-13-01,Nope,,,",
        "CLI-3,Data Quality,Odd value,2026-01-03,Active,nobody@example.com,,",
      ].join("\n"),
    );
    const result = await run(["--company", C, "--study", S.second.name, file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("nothing was imported");
    for (const line of [
      "row 2, field type: This field is required.",
      "row 2, field dateOfDetection: Must be a date",
      "row 2, field state: Must be one of Active, Completed.",
      "row 3, field designee: No user of this company",
    ])
      expect(result.err).toContain(line);
    expect(result.err).not.toContain("row 1,");
    expect(await count()).toBe(before);
    expect(await cliEntries()).toHaveLength(0);
  });

  it("imports, then updates by displayId on a second run, one audit entry per run with its changes", async () => {
    const before = await count();
    const file = write(
      "good.csv",
      [
        header,
        `CLI-10,Protocol Deviation,Missed visit,2026-01-02,Active,${DEMO.users.manager.email},2026-02-01,"Visit 3\nSite PL-501"`,
        "CLI-11,Data Quality,Odd value,2026-01-03T08:00:00Z,Completed,,,",
      ].join("\r\n"),
    );
    const first = await run(["--company", C, "--study", S.second.name, "--rationale", "Monthly load", file]);
    expect(first).toMatchObject({ code: 0, err: "" });
    expect(first.out).toContain("2 created, 0 updated, 0 unchanged");
    expect(await count()).toBe(before + 2);
    const [entry] = await cliEntries();
    expect(entry).toMatchObject({ rationale: "Monthly load", requester: { type: "system" }, level: "Study" });
    expect(entry!.dataChanges).toHaveLength(2);

    write(
      "good.json",
      JSON.stringify([
        {
          displayId: "CLI-10",
          type: "Protocol Deviation",
          title: "Missed visit 3",
          dateOfDetection: "2026-01-02",
          designee: DEMO.users.manager.email,
          dueDate: "2026-02-01",
          context: ["Visit 3", "Site PL-501"],
        },
        {
          displayId: "CLI-11",
          type: "Data Quality",
          title: "Odd value",
          dateOfDetection: "2026-01-03T08:00:00Z",
          state: "Completed",
        },
      ]),
    );
    const second = await run(["--company", C, "--study", S.second.name, "good.json"]);
    expect(second.out).toContain("0 created, 1 updated, 1 unchanged");
    expect(await count()).toBe(before + 2);
    const entries = await cliEntries();
    expect(entries).toHaveLength(2);
    expect(entries[0]!.rationale).toBe("Imported from good.json");
    expect(entries[0]!.dataChanges).toHaveLength(1);
    expect(JSON.parse(entries[0]!.dataChanges[0]!.after!)).toMatchObject({
      displayId: "CLI-10",
      title: "Missed visit 3",
    });
    expect(JSON.parse(entries[0]!.dataChanges[0]!.before!)).toMatchObject({
      displayId: "CLI-10",
      title: "Missed visit",
    });
  });

  it("says how to call it, and refuses an unknown study or a missing file", async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(["--company", C, "--study", S.second.name, "--colour", "red", "x.csv"])).code).toBe(2);
    const unknown = await run([
      "--company",
      DEMO.ssoCompany.id,
      "--study",
      S.second.name,
      write("one.csv", `${header}\nX-1,T,t,2026-01-01,Active,,,`),
    ]);
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain("has no study named DEMO002");
    expect((await run(["--company", C, "--study", S.second.name, "missing.csv"])).code).toBe(2);
    expect((await run(["--company", C, "--study", S.second.name, write("bin.csv", "\u0000\u0001")])).code).toBe(1);
  });
});

describe("npm run cdq:import", () => {
  it("is wired: the script bundles and runs the command, which explains its use when called without arguments", () => {
    const run = spawnSync(process.execPath, ["scripts/cdq-import.mjs"], {
      encoding: "utf8",
      env: { ...process.env, ENV_FILE: "none" },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Usage: npm run cdq:import -- --company <companyId> --study <studyName>");
  });
});
