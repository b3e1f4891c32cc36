/**
 * `npm run audit:verify` (ADR 0026): checks the audit trail's hash chain on the configured database (DATABASE_URL,
 * else the embedded database under DATA_DIR) and prints the entries checked and "chain intact", or the first entry
 * that does not verify. Exit status: 0 intact, 1 broken, 2 the check could not run.
 */
import fs from "node:fs";
import path from "node:path";
import { loadDatabaseConfig, type Config } from "../config/config";
import { startupFailureLine } from "../config/startup-errors";
import { openDatabase, type Database } from "../db/database";
import { checkEmbeddedDatabase } from "../db/embedded-owner";
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

/**
 * The command: exit 0 intact, 1 broken, 2 could not run (whatever the reason: a setting, the database away, the
 * embedded database owned by another user or in use by the service). It reads only the database settings
 * (DATABASE_URL, DATABASE_POOL_MAX, DATA_DIR): no APP_SECRET.
 */
export async function main(env: Record<string, string | undefined> = process.env): Promise<number> {
  let database: Database | undefined;
  let config: Pick<Config, "database" | "dataDir"> | undefined;
  try {
    const envFile = path.resolve(env.ENV_FILE ?? ".env");
    if (env.ENV_FILE !== "none" && fs.existsSync(envFile)) process.loadEnvFile(envFile);
    config = loadDatabaseConfig(env);
    if (config.database.kind === "pglite") checkEmbeddedDatabase(config.database.dataDir);
    database = await openDatabase(config.database);
    return await runAuditVerify(database, (line) => process.stdout.write(`${line}\n`));
  } catch (error) {
    const line = config ? startupFailureLine(error, config) : error instanceof Error ? error.message : String(error);
    process.stderr.write(`audit:verify could not run: ${line.replace(/^Startup failed: /, "")}\n`);
    return 2;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
