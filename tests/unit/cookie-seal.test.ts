import { describe, expect, it } from "vitest";
import { sealCookieValue, unsealCookieValue } from "~/lib/cookie-seal.server";

/** The unsealed values kept per process (ADR 0057): the same answers as deciphering every time, never a shared object. */
const SECRET = "s".repeat(40);
const OTHER_SECRET = "t".repeat(40);

describe("unsealing a cookie value read before", () => {
  it("gives the value again, as a fresh object each time", () => {
    const sealed = sealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", { user: { id: "u1" }, n: 1 });
    const first = unsealCookieValue<{ user: { id: string }; n: number }>(SECRET, "rbqm_auth", "rbqm_auth", sealed);
    first!.user.id = "changed";
    const second = unsealCookieValue<{ user: { id: string }; n: number }>(SECRET, "rbqm_auth", "rbqm_auth", sealed);
    expect(second).toEqual({ user: { id: "u1" }, n: 1 });
    expect(second).not.toBe(first);
  });

  it("still refuses the value under another secret, another cookie's name or key, or altered, once it was read", () => {
    const sealed = sealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", { ok: true });
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", sealed)).toEqual({ ok: true });
    expect(unsealCookieValue(OTHER_SECRET, "rbqm_auth", "rbqm_auth", sealed)).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_auth", "__Host-rbqm_auth", sealed)).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_login", "rbqm_auth", sealed)).toBeNull();
    const raw = Buffer.from(sealed, "base64url");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 0x01, raw.length - 1);
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", raw.toString("base64url"))).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", sealed)).toEqual({ ok: true });
  });

  it("keeps a bounded number of values and reads one again after it was let go", () => {
    const first = sealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", { i: -1 });
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", first)).toEqual({ i: -1 });
    for (let i = 0; i < 1100; i++) {
      const sealed = sealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", { i });
      expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", sealed)).toEqual({ i });
    }
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", first)).toEqual({ i: -1 });
  });
});
