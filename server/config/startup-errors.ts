import fs from "node:fs";
import path from "node:path";
import { ConfigError, type Config } from "./config";

/**
 * The one line an operator reads when the service cannot start (issue 22, defect 6): which setting is at fault and
 * what to do, rather than the raw error of the layer that met it ("Invalid URL", "Unsupported state or unable to
 * authenticate data", "connect ECONNREFUSED"). A value that is a secret, or a URL's password, is never printed.
 * Anything not recognised keeps its own message after "Startup failed:".
 */
export function startupFailureLine(error: unknown, config: Pick<Config, "database" | "dataDir">): string {
  if (error instanceof ConfigError) return error.message;
  const { code, message, path: errorPath } = firstCoded(error);
  const db = config.database;
  if (db.kind === "postgres") {
    const target = describeUrl(db.url);
    if (code === "ECONNREFUSED" || code === "ETIMEDOUT" || code === "EHOSTUNREACH" || code === "ENETUNREACH")
      return setting(
        "DATABASE_URL",
        `no database answers at ${target.address} (${code}): start PostgreSQL there, or correct the host and port`,
      );
    if (/timeout exceeded when trying to connect/i.test(message))
      return setting(
        "DATABASE_URL",
        `no database answered at ${target.address} within 5 s: check the host, the port and the network to it`,
      );
    if (code === "ENOTFOUND" || code === "EAI_AGAIN")
      return setting("DATABASE_URL", `the host "${target.host}" is not known (${code}): correct the host name`);
    if (code === "28P01" || code === "28000")
      return setting(
        "DATABASE_URL",
        `the database refused user "${target.user}" (wrong password, or no such user): correct the user name and password`,
      );
    if (code === "3D000")
      return setting(
        "DATABASE_URL",
        `the database "${target.database}" does not exist at ${target.address}: create it (createdb ${target.database}) or correct its name`,
      );
    if (code === "42501")
      return setting(
        "DATABASE_URL",
        `user "${target.user}" may not create the service's tables in "${target.database}": make it the database's owner (the service migrates its schema at start)`,
      );
    if (code === "57P03" || code === "53300")
      return setting(
        "DATABASE_URL",
        `the database at ${target.address} does not accept connections now (${code}): start again when it does`,
      );
  }
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    const where = errorPath ?? config.dataDir;
    return setting(
      "DATA_DIR",
      `${where} is not writable by this process (${code}, user id ${process.getuid?.() ?? "?"}): give DATA_DIR to the service's user, or set DATA_DIR to a writable directory`,
    );
  }
  if (code === "ENOTDIR" || code === "EEXIST")
    return setting(
      "DATA_DIR",
      `${errorPath ?? config.dataDir} is in the way of DATA_DIR's directories (${code}): set DATA_DIR to a directory`,
    );
  if (code === "ENOSPC" || code === "EDQUOT")
    return setting(
      "DATA_DIR",
      `the disk holding ${config.dataDir} is full (${code}): free space, or set DATA_DIR elsewhere`,
    );
  if (db.kind === "pglite" && /Aborted\(\)/.test(message)) {
    const foreign = foreignOwnedFile(db.dataDir);
    return setting(
      "DATA_DIR",
      foreign
        ? `the embedded database in ${db.dataDir} could not be opened: ${foreign} belongs to another user (a command run as root?); give every file under DATA_DIR back to the service's user (chown -R)`
        : `the embedded database in ${db.dataDir} could not be opened (${message}): restore DATA_DIR from a backup, or set DATA_DIR to another directory`,
    );
  }
  return `Startup failed: ${message}`;
}

/** The error of a start-up step that did not open the database's signing keys with APP_SECRET. */
export function wrongAppSecret(): ConfigError {
  return new ConfigError(
    "APP_SECRET",
    "does not open this database's signing keys: it is not the APP_SECRET the database was set up with (with the embedded database, DATA_DIR/app-secret). Start with that secret; every instance must share it",
  );
}

function setting(variable: string, problem: string): string {
  return new ConfigError(variable, problem).message;
}

/** The first error of the cause chain (drizzle wraps the driver's) that has a code, with its message and path. */
function firstCoded(error: unknown): { code?: string; message: string; path?: string } {
  const seen = new Set<unknown>();
  const top = error instanceof Error ? error.message : String(error);
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message, path: p, cause, errors } = current as Record<string, unknown>;
    if (typeof code === "string")
      return {
        code,
        message: typeof message === "string" ? message : top,
        path: typeof p === "string" ? p : undefined,
      };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return { message: top };
}

/** host:port, user and database of a postgres:// URL, without its password. */
function describeUrl(url: string): { address: string; host: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || "localhost";
    return {
      address: `${host}:${parsed.port || "5432"}`,
      host,
      user: decodeURIComponent(parsed.username) || "(none)",
      database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || decodeURIComponent(parsed.username),
    };
  } catch {
    return { address: "(unreadable)", host: "(unreadable)", user: "(unreadable)", database: "(unreadable)" };
  }
}

/** A file under `dir` that this process's user does not own (looked for among the first few thousand), or null. */
function foreignOwnedFile(dir: string): string | null {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  let budget = 5000;
  const walk = (current: string): string | null => {
    let entries: fs.Dirent[];
    try {
      if (fs.statSync(current).uid !== uid) return current;
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return current;
    }
    for (const entry of entries) {
      if (--budget < 0) return null;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        const found = walk(full);
        if (found) return found;
      } else {
        try {
          if (fs.lstatSync(full).uid !== uid) return full;
        } catch {
          return full;
        }
      }
    }
    return null;
  };
  return fs.existsSync(dir) ? walk(dir) : null;
}
