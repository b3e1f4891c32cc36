import { buildHref, isAbsoluteUrl } from "./links";

/** The confirmation page for an address outside the system (000 §2.4, §4.6), for browsers without JavaScript. */
export function leaveHref(address: string): string {
  return buildHref("/ng/leave", { to: address });
}

/**
 * The address /ng/leave may offer: an absolute http(s) address with a host, without credentials, whitespace or
 * control characters, at most 2048 characters; normalised. Anything else is null.
 */
export function externalAddress(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u0020\u007f]/.test(value) || !isAbsoluteUrl(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password)
    return null;
  return url.href;
}

/** The same path on the classic application, for a legacy path this service was asked for (LEGACY_BASE_URL set). */
export function legacyRedirectTarget(legacyBaseUrl: string, pathAndQuery: string): string {
  return `${legacyBaseUrl.replace(/\/+$/, "")}${pathAndQuery}`;
}
