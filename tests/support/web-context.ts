import type { WebContext } from "~/lib/context.server";

/** A web load context for unit tests of server helpers: no API (every call answers 500), a silent logger. */
export function contextFor(publicUrl = "http://localhost:3000", secret = "s".repeat(40)): WebContext {
  return {
    apiTransport: async () => new Response(null, { status: 500 }),
    requestId: "r",
    cspNonce: "n",
    logger: { info() {}, warn() {}, error() {}, debug() {} } as unknown as WebContext["logger"],
    web: { publicUrl, isProduction: true, sessionSecret: secret },
    responseCookies: new Map(),
    pendingValues: new Map(),
    memo: new Map(),
    apiAuthentications: new Map(),
  };
}
