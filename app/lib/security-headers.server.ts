/** Headers for every HTML page: a nonce-based Content-Security-Policy and the usual hardening. */
export function documentSecurityHeaders(headers: Headers, nonce: string, isProduction: boolean): void {
  const scriptSrc = isProduction ? `'self' 'nonce-${nonce}'` : `'self' 'nonce-${nonce}' 'unsafe-eval'`;
  headers.set(
    "content-security-policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      `connect-src 'self'${isProduction ? "" : " ws:"}`,
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  headers.set("x-content-type-options", "nosniff");
  headers.set("x-frame-options", "DENY");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
  headers.set("cross-origin-opener-policy", "same-origin");
}
