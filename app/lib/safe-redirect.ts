/**
 * Same-origin path checking for `continue`, Referer-based back links and the like.
 * Only a path on this site is accepted: "/ng/…". Anything that a browser could read as another origin
 * ("//host", "/\host", "javascript:", encoded or with control characters) is refused.
 */
export function safeLocalPath(value: unknown, fallback = "/ng/"): string {
  if (typeof value !== "string") return fallback;
  const candidate = value.trim();
  if (candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!isSafe(candidate)) return fallback;
  // Encoded forms are checked too: a path that decodes into something unsafe is unsafe.
  let decoded = candidate;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    if (!isSafe(next)) return fallback;
    decoded = next;
  }
  const base = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function isSafe(path: string): boolean {
  if (!path.startsWith("/")) return false;
  if (path.startsWith("//") || path.startsWith("/\\")) return false;
  if (path.includes("\\")) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return true;
}

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
