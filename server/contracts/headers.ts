/**
 * Headers that say "never store this answer" (tokens, sign-in steps, health, errors): one definition for the API and
 * the web app. `pragma` is for HTTP/1.0 caches.
 */
export const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" } as const;
