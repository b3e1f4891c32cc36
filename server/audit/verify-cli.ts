/**
 * `npm run audit:verify` (ADR 0026): checks the audit trail's hash chain on the configured database (DATABASE_URL,
 * else the embedded database under DATA_DIR) and prints the entries checked and "chain intact", or the first entry
 * that does not verify. Exit status: 0 intact, 1 broken, 2 the check could not run.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../config/config";
import { openDatabase, type Database } from "../db/database";
import { verifyAuditChain, type ChainReport } from "./service";

/** The report as the operator reads it. */
export function describeChain(report: ChainReport, ms: number): string {
  const checked = `${report.checked} ${report.checked === 1 ? "entry" : "entries"} checked in ${ms} ms`;
  return report.ok
    ? `${checked}: chain intact`
    : `${checked}: chain broken at seq ${report.firstBadSeq} (entry ${report.firstBadId})`;
}

/** Checks the chain of an open database; returns the exit status and writes the report line. */
export async function runAuditVerify(database: Database, write: (line: string) => void): Promise<number> {
  const started = Date.now();
  const report = await verifyAuditChain(database.db);
  write(describeChain(report, Date.now() - started));
  return report.ok ? 0 : 1;
}

export async function main(env: Record<string, string | undefined> = process.env): Promise<number> {
  const envFile = path.resolve(env.ENV_FILE ?? ".env");
  if (env.ENV_FILE !== "none" && fs.existsSync(envFile)) process.loadEnvFile(envFile);
  let database: Database | undefined;
  try {
    const config = loadConfig(env);
    database = await openDatabase(config.database);
    return await runAuditVerify(database, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    process.stderr.write(`audit:verify could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
