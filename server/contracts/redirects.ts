/**
 * Same-origin path checking for `continue` targets, shared by the web app (app/lib/safe-redirect.ts re-exports it)
 * and the server's own redirects (/login-saml, the SAML assertion consumer service).
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
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return true;
}
