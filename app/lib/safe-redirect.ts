import { safeLocalPath } from "@server/contracts/redirects";

/** Same-origin path checking for `continue` and the like: one pure function, shared with the server. */
export { safeLocalPath };

/** The path of a same-origin Referer, for "go back" links without JavaScript. */
export function sameOriginReferrer(request: Request, fallback = "/ng/"): string {
  const referrer = request.headers.get("referer");
  if (!referrer) return fallback;
  try {
    const from = new URL(referrer);
    const own = new URL(request.url);
    if (from.origin !== own.origin) return fallback;
    return safeLocalPath(`${from.pathname}${from.search}`, fallback);
  } catch {
    return fallback;
  }
}
