/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the network to it down),
 * as opposed to a mistake in a query or in the data. Such a failure is answered 503 "briefly unavailable", never
 * 500 (server/http/api.ts), and the service recovers by itself when the database returns.
 *
 * Recognised: PostgreSQL's SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutting down, cannot connect
 * now), the socket errors of a refused or broken connection, and node-postgres's and the pool's own messages for
 * them; drizzle wraps the driver's error, so the whole cause chain is looked at.
 */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const MESSAGES = [
  /Connection terminated/i,
  /connection (?:is )?(?:closed|ended)/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current);) {
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (code.startsWith("08") || SQLSTATES.has(code) || SOCKET_CODES.has(code)))
      return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (a connection attempt to several addresses) is unavailable when its parts are.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((part) => isDatabaseUnavailable(part))) return true;
    current = cause;
  }
  return false;
}

/**
 * What the log says of a database failure: the driver's code and message, innermost first found, without the
 * statement or its parameters (drizzle's "Failed query: …" wraps the driver's error; the SQL stays out of the log).
 */
export function databaseFailureSummary(error: unknown): { code?: string; message: string } {
  const seen = new Set<unknown>();
  let summary: { code?: string; message: string } = { message: "unknown database failure" };
  for (let current: unknown = error; current && typeof current === "object" && !seen.has(current);) {
    seen.add(current);
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof message === "string" && !/^Failed query:/.test(message) && message !== "") {
      summary = { ...(typeof code === "string" ? { code } : {}), message: message.split("\n")[0]!.slice(0, 200) };
    } else if (typeof code === "string") summary = { code, message: summary.message };
    current = cause;
  }
  return summary;
}
