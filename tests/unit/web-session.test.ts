import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { currentPagePath, loginUrl, sessionFromTokens, tokenExpiresAt } from "~/lib/auth.server";
import type { WebContext } from "~/lib/context.server";
import {
  readAuthSession,
  readLoginProcess,
  writeAuthSession,
  writeLoginProcess,
  type AuthSession,
} from "~/lib/session.server";
import { contextFor } from "../support/web-context";

const session: AuthSession = {
  accessToken: "a",
  refreshToken: "r",
  idToken: "i",
  user: { id: "u1", name: "Ada" },
  checkedAt: 1,
};

/** The browser's next request, carrying the cookies the last response set. */
function nextRequest(from: WebContext, path = "/ng/"): Request {
  const cookie = [...from.responseCookies.values()].map((header) => header.split(";")[0]).join("; ");
  return new Request(`http://localhost:3000${path}`, { headers: { cookie } });
}

describe("sealed session cookies", () => {
  it("round-trips the auth info and the login process", () => {
    const writer = contextFor();
    writeAuthSession(writer, session);
    writeLoginProcess(writer, { email: "a@b.example", password: "secret", continueUrl: "/ng/x" });
    const request = nextRequest(writer);
    expect(readAuthSession(request, contextFor())).toEqual(session);
    expect(readLoginProcess(request, contextFor())).toEqual({
      email: "a@b.example",
      password: "secret",
      continueUrl: "/ng/x",
    });
  });

  it("sets httpOnly, SameSite=Lax cookies whose value reveals nothing", () => {
    const writer = contextFor();
    writeLoginProcess(writer, { email: "a@b.example", password: "secret" });
    const header = writer.responseCookies.get("rbqm_login")!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
    expect(header).not.toContain("secret");
    expect(Buffer.from(header.split(";")[0]!.split("=")[1]!, "base64url").toString("latin1")).not.toContain("secret");
  });

  it("uses __Host- names and Secure over https", () => {
    const writer = contextFor("https://rbqm.example");
    writeAuthSession(writer, session);
    expect([...writer.responseCookies.values()][0]).toMatch(/^__Host-rbqm_auth=.*; Secure(;|$)/);
  });

  it("ignores a tampered value, a value sealed with another secret, and a value moved to the other cookie", () => {
    const writer = contextFor();
    writeAuthSession(writer, session);
    const value = writer.responseCookies.get("rbqm_auth")!.split(";")[0]!.split("=")[1]!;
    const raw = Buffer.from(value, "base64url");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 0x01, raw.length - 1); // one bit of the ciphertext
    const flipped = raw.toString("base64url");
    const req = (cookie: string) => new Request("http://localhost:3000/ng/", { headers: { cookie } });
    expect(readAuthSession(req(`rbqm_auth=${flipped}`), contextFor())).toBeNull();
    expect(readAuthSession(req(`rbqm_auth=${value}`), contextFor("http://localhost:3000", "t".repeat(40)))).toBeNull();
    expect(readLoginProcess(req(`rbqm_login=${value}`), contextFor())).toBeNull();
    expect(readAuthSession(req("rbqm_auth=garbage"), contextFor())).toBeNull();
  });

  it("a cleared cookie expires at once, and later reads in the same request see it cleared", () => {
    const writer = contextFor();
    writeAuthSession(writer, session);
    const context = contextFor();
    const request = nextRequest(writer);
    writeAuthSession(context, null);
    expect(context.responseCookies.get("rbqm_auth")).toMatch(/^rbqm_auth=; .*Max-Age=0/);
    expect(readAuthSession(request, context)).toBeNull();
  });
});

describe("tokens and addresses", () => {
  const key = new TextEncoder().encode("k".repeat(32));
  it("reads expiry from exp; no exp or an undecodable token counts as expired (000 §4.2)", async () => {
    const withExp = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(2_000_000_000)
      .sign(key);
    const withoutExp = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).sign(key);
    expect(tokenExpiresAt(withExp)).toBe(2_000_000_000_000);
    expect(tokenExpiresAt(withoutExp)).toBe(0);
    expect(tokenExpiresAt("not a token")).toBe(0);
    expect(tokenExpiresAt(null)).toBe(0);
  });

  it("takes the user's id from the id token's sub and the name from its name claim", async () => {
    const idToken = await new SignJWT({ name: "Ada Admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("u-1")
      .sign(key);
    const result = sessionFromTokens({
      access_token: "a",
      refresh_token: "r",
      id_token: idToken,
      token_type: "Bearer",
      expires_in: 900,
    });
    expect(result.user).toEqual({ id: "u-1", name: "Ada Admin" });
  });

  it.each([
    ["http://h/ng/companies/1/studies/S/cpcd?x=1", "/ng/companies/1/studies/S/cpcd?x=1"],
    ["http://h/ng/companies/1/studies/S/cpcd.data?x=1&_routes=a&index", "/ng/companies/1/studies/S/cpcd?x=1"],
    ["http://h/ng.data", "/ng/"],
  ])("knows the page of %s", (url, expected) => {
    expect(currentPagePath(new Request(url))).toBe(expected);
  });

  it("sends to /ng/login with the page as continue", () => {
    expect(loginUrl(new Request("http://h/ng/audit?a=1"))).toBe("/ng/login?continue=%2Fng%2Faudit%3Fa%3D1");
    expect(loginUrl(new Request("http://h/ng/"))).toBe("/ng/login");
  });
});
