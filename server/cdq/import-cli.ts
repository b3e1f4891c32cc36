/**
 * The operator's import of Compliance & Data Quality issues (issue 14; docs/decisions/0027-cdq-issues.md):
 *
 *   npm run cdq:import -- --company <companyId> --study <studyName> [--rationale <text>] FILE
 *
 * FILE is CSV (a header row of the import columns) or JSON (an array of issues). The same rules as the import call:
 * every row checked, a report naming each bad row and field, nothing written unless all are valid, issues matched by
 * displayId (updated, never duplicated), and one audit entry with a change per created or updated issue.
 * It opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which must not be open in a
 * running service at the same time). Exit codes: 0 imported, 1 the file was refused, 2 a usage or setup error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { appendAuditEntry } from "../audit/service";
import { loadDatabaseConfig } from "../config/config";
import { openDatabase, type Database } from "../db/database";
import { checkEmbeddedDatabase } from "../db/embedded-owner";
import { getStudy } from "../studies/service";
import { MAX_IMPORT_BYTES, readImportFile } from "./import-rows";
import { importIssues } from "./service";

export const IMPORT_DISPLAY_TEXT = "Import Compliance & Data Quality issues";

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** An open database (tests); otherwise the configured one is opened and closed. */
  database?: Database;
  env?: Record<string, string | undefined>;
  /** Where a relative FILE is found: the directory npm was run from (INIT_CWD). */
  cwd?: string;
}

const USAGE = "Usage: npm run cdq:import -- --company <companyId> --study <studyName> [--rationale <text>] FILE";

export async function runImportCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { company, study, rationale } = args.values;
  const given = args.positionals[0];
  if (!company || !study || !given || args.positionals.length !== 1) {
    io.stderr(USAGE);
    return 2;
  }
  const file = path.resolve(io.cwd ?? process.cwd(), given);
  let bytes: Buffer;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error("not a file");
    if (stat.size > MAX_IMPORT_BYTES) {
      io.stderr(`${file}: the file is larger than ${MAX_IMPORT_BYTES} bytes.`);
      return 1;
    }
    bytes = fs.readFileSync(file);
  } catch (error) {
    io.stderr(`${file}: cannot read the file (${(error as Error).message}).`);
    return 2;
  }
  const parsed = readImportFile(bytes);
  if (!parsed.ok) return refused(io, file, parsed.problems);

  let database = io.database;
  if (!database) {
    try {
      const config = loadDatabaseConfig(io.env ?? process.env);
      if (config.database.kind === "pglite") checkEmbeddedDatabase(config.database.dataDir);
      database = await openDatabase(config.database);
    } catch (error) {
      io.stderr(
        `Cannot open the database: ${(error as Error).message}\n(An embedded database cannot be open in a running service at the same time.)`,
      );
      return 2;
    }
  }
  try {
    const target = await getStudy(database.db, company, study);
    if (!target) {
      io.stderr(`Company ${company} has no study named ${study}.`);
      return 2;
    }
    const outcome = await database.db.transaction(async (db) => {
      const result = await importIssues(db, { companyId: company, studyId: target.internalStudyId }, parsed.rows);
      if (!result.ok) return result;
      await appendAuditEntry(db, {
        entryPoint: { displayText: IMPORT_DISPLAY_TEXT, httpMethod: null, apiPath: null },
        level: "Study",
        companyId: company,
        studyId: target.internalStudyId,
        contextOfChange: { id: target.internalStudyId, type: "Study", extraInfo: { displayId: target.displayId } },
        requester: { type: "system", displayName: `cdq:import by ${safeUserName()}` },
        requestBody: { file: path.basename(file), rows: parsed.rows.length },
        responseBody: { created: result.created, updated: result.updated, unchanged: result.unchanged },
        changes: result.changes,
        rationale: rationale ?? `Imported from ${path.basename(file)}`,
      });
      return result;
    });
    if (!outcome.ok) return refused(io, file, outcome.problems);
    io.stdout(
      `Imported ${parsed.rows.length} issue(s) into ${target.displayId}: ${outcome.created} created, ${outcome.updated} updated, ${outcome.unchanged} unchanged.`,
    );
    return 0;
  } finally {
    if (!io.database) await database.close();
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { company: { type: "string" }, study: { type: "string" }, rationale: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
}

function refused(io: CliIo, file: string, problems: readonly { row: number; field: string; message: string }[]) {
  io.stderr(`${file}: ${problems.length} problem(s); nothing was imported.`);
  for (const p of problems) {
    const where = p.row === 0 ? "file" : `row ${p.row}`;
    io.stderr(`  ${where}${p.field ? `, field ${p.field}` : ""}: ${p.message}`);
  }
  return 1;
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return "operator";
  }
}
