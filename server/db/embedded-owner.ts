import fs from "node:fs";
import { ConfigError } from "../config/config";

/**
 * An operator's command (audit:verify, cdq:import) on the embedded database must run as the user that owns it: run as
 * another (root), it would leave files the service cannot open, and the service would stop ("Aborted()"). It must not
 * create a database either where there is none. Throws a ConfigError naming DATA_DIR; returns when all is well.
 */
export function checkEmbeddedDatabase(dataDir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dataDir);
  } catch {
    throw new ConfigError(
      "DATA_DIR",
      `has no embedded database at ${dataDir}: set DATA_DIR (or DATABASE_URL) to the service's`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new ConfigError(
      "DATA_DIR",
      `the embedded database in ${dataDir} belongs to user id ${stat.uid}, not to this user (${uid}): run the command as its owner (for example sudo -u '#${stat.uid}' …), so that no file of it changes owner`,
    );
  }
}
