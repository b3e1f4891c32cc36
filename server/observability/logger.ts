import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import pino, { type Logger } from "pino";

export type { Logger };

interface RequestScope {
  requestId: string;
  /** Database round trips made while serving this request (the request log shows them). */
  dbQueries: number;
  /** Events already logged for this request that are logged once per request (oncePerRequest). */
  logged?: Set<string>;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Structured JSON logs, one line per event; each line carries the request id of the request it belongs to. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "rbqm" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const current = scope.getStore();
        return current ? { reqId: current.requestId } : {};
      },
      redact: {
        paths: ["password", "*.password", "token", "*.token", "authorization", "*.authorization", "headers.cookie"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a caller's X-Request-Id when it is well formed, otherwise makes a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId, dbQueries: 0 }, fn);
}

/** Counts one database round trip against the current request, if any (drizzle's query logger calls it). */
export function countDbQuery(): void {
  const current = scope.getStore();
  if (current) current.dbQueries += 1;
}

/** Database round trips of the current request so far. */
export function currentDbQueries(): number {
  return scope.getStore()?.dbQueries ?? 0;
}

/**
 * True the first time it is asked for `key` within the current request (and always outside one): for failures that
 * every API call of a page meets alike (the database being away), logged once per request rather than once per call.
 */
export function oncePerRequest(key: string): boolean {
  const current = scope.getStore();
  if (!current) return true;
  current.logged ??= new Set();
  if (current.logged.has(key)) return false;
  current.logged.add(key);
  return true;
}

export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/**
 * What libraries print with console.* (Remix's warnings about a path it cannot decode, React's, a driver's) goes into
 * the log as JSON lines of their own, with the request id, instead of bare text among them that a log pipeline cannot
 * read. Installed by the service's entry point; answers a function that puts the console back.
 */
export function routeConsoleToLogger(logger: Logger): () => void {
  const saved = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
  };
  const child = logger.child({ source: "console" });
  console.log = (...args: unknown[]) => child.info(format(...args));
  console.info = (...args: unknown[]) => child.info(format(...args));
  console.debug = (...args: unknown[]) => child.debug(format(...args));
  console.warn = (...args: unknown[]) => child.warn(format(...args));
  console.error = (...args: unknown[]) => child.error(format(...args));
  return () => Object.assign(console, saved);
}

/** Paths are logged without their query: queries can carry one-time tokens. */
export function loggablePath(url: string): string {
  try {
    return new URL(url, "http://x").pathname;
  } catch {
    return "(unparseable)";
  }
}

/** How long a log line may wait to be written with the lines after it (error lines are written at once). */
const LOG_FLUSH_MS = 50;
/** Buffered lines past this many characters are written at once. */
const LOG_BUFFER_CHARS = 64 * 1024;
/** An error or fatal line (pino writes the level first): written at once, with the lines before it. */
const URGENT = /^\{"level":"(error|fatal)"/;

/**
 * Standard output as the log destination. Lines are gathered and written together, at most LOG_FLUSH_MS after the
 * first of them, and at once for an error, a full buffer and the process's exit: standard output to a pipe or a file is
 * a blocking write per call, which cost a tenth of an anonymous page's CPU when each request's line was its own write
 * (issue 26). When its reader goes away (EPIPE: the supervisor or pipe that read the logs has ended), logging stops and
 * the service goes on, and can still stop cleanly; pino's own file-descriptor writer would retry that write forever.
 */
export function stdoutDestination(
  stdout: NodeJS.WriteStream = process.stdout,
  flushMs = LOG_FLUSH_MS,
): pino.DestinationStream & { flush(): void } {
  let broken = false;
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") broken = true;
    else throw error;
  });
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const text = pending;
    pending = "";
    if (text !== "" && !broken) stdout.write(text);
  };
  // Standard output to a pipe, a file or a terminal is written synchronously, so the last lines still go out here.
  process.once("exit", flush);
  return {
    write(line: string) {
      if (broken) return;
      pending += line;
      if (pending.length >= LOG_BUFFER_CHARS || URGENT.test(line.slice(0, 24))) flush();
      else if (!timer) {
        timer = setTimeout(flush, flushMs);
        timer.unref();
      }
    },
    flush,
  };
}
