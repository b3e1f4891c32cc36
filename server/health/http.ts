import { Hono } from "hono";
import { versionInfo } from "../config/version";
import { NO_STORE } from "../contracts/headers";
import type { ServiceDeps } from "../deps";

/** For operators and load balancers: /healthz (the process answers) and /readyz (the database answers too). */
export function createHealthRouter(deps: ServiceDeps): Hono {
  const health = new Hono();
  health.get("/healthz", (c) => c.json({ status: "ok", version: versionInfo().version }, 200, NO_STORE));
  health.get("/readyz", async (c) => {
    const started = Date.now();
    try {
      await withTimeout(deps.database.ping(), 2000);
      return c.json({ status: "ready", database: deps.database.kind, ms: Date.now() - started }, 200, NO_STORE);
    } catch (error) {
      deps.logger.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable", database: deps.database.kind }, 503, NO_STORE);
    }
  });
  return health;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
