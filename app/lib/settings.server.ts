import type { Settings } from "@server/contracts/settings";
import type { WebContext } from "./context.server";
import { apiFor } from "./context.server";

/**
 * The deployment's settings as an anonymous caller sees them (000 §3.1: "read once at start-up"). Every page's
 * layout needs them, so the process keeps them for a minute instead of asking the API on every request; the
 * signed-in user's own values come from the user's settings call (app/lib/shell.server.ts). Null when the API
 * cannot be reached: pages still render, the error page above all, with defaults.
 */
const TTL_MS = 60_000;
let cached: { at: number; value: Promise<Settings | null> } | null = null;

export function deploymentSettings(context: WebContext): Promise<Settings | null> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = apiFor(context)
    .settings.get()
    .then((result) => {
      if (result.ok) return result.data;
      context.logger.warn({ code: result.error.code, status: result.status }, "settings unavailable");
      cached = null; // ask again on the next request
      return null;
    });
  cached = { at: now, value };
  return value;
}
