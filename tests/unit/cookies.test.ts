import { cookieName, readAllCookieNames, readCookie, serializeCookie } from "@server/contracts/cookies";
import { describe, expect, it } from "vitest";
import { sealCookieValue, unsealCookieValue } from "~/lib/cookie-seal.server";

const SECRET = "cookie-test-secret-0123456789-abcdefghijklmnop";
const attributes = (header: string) => header.split("; ").slice(1).sort();

describe("the cookie module", () => {
  it("names cookies __Host- over https only", () => {
    expect(cookieName("rbqm_auth", { secure: true })).toBe("__Host-rbqm_auth");
    expect(cookieName("rbqm_auth", { secure: false })).toBe("rbqm_auth");
  });

  it("writes every cookie httpOnly, SameSite=Lax, Path=/, with Secure over https", () => {
    expect(attributes(serializeCookie("a", "v", 60, { secure: true }))).toEqual([
      "HttpOnly",
      "Max-Age=60",
      "Path=/",
      "SameSite=Lax",
      "Secure",
    ]);
    expect(attributes(serializeCookie("a", "v", 60, { secure: false }))).toEqual([
      "HttpOnly",
      "Max-Age=60",
      "Path=/",
      "SameSite=Lax",
    ]);
    expect(serializeCookie("a", null, 60, { secure: false })).toMatch(/^a=; .*Max-Age=0/);
  });

  it("removes another library's cookie whose name is not a token", () => {
    expect(serializeCookie("oidc:123", null, 0, { secure: true })).toBe(
      "oidc:123=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("reads one cookie, and every name, from a Cookie header", () => {
    expect(readCookie("a=1; b=two; c=", "b")).toBe("two");
    expect(readCookie("a=1", "b")).toBeNull();
    expect(readCookie(null, "b")).toBeNull();
    expect(readAllCookieNames("a=1; oidc:9=x")).toEqual(["a", "oidc:9"]);
  });

  it("seals values that only this secret, this cookie and an unaltered value open", () => {
    const sealed = sealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", { user: "u1" });
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", sealed)).toEqual({ user: "u1" });
    expect(unsealCookieValue(`${SECRET}x`, "rbqm_auth", "rbqm_auth", sealed)).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_auth", "__Host-rbqm_auth", sealed)).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_login", "rbqm_auth", sealed)).toBeNull();
    const flipped = Buffer.from(sealed, "base64url");
    flipped[flipped.length - 1]! ^= 1;
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", flipped.toString("base64url"))).toBeNull();
    expect(unsealCookieValue(SECRET, "rbqm_auth", "rbqm_auth", "short")).toBeNull();
  });
});
