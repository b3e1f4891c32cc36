import { describe, expect, it } from "vitest";
import { safeLocalPath, sameOriginReferrer } from "~/lib/safe-redirect";

describe("safeLocalPath", () => {
  it.each([
    ["/ng/companies/1/studies/S1/cpcd?cpOrCd=cd", "/ng/companies/1/studies/S1/cpcd?cpOrCd=cd"],
    ["/ng/", "/ng/"],
    ["/ng/audit#entry-3", "/ng/audit#entry-3"],
    ["  /ng/x  ", "/ng/x"],
    ["/ng/a/../b", "/ng/b"],
  ])("keeps the same-origin path %j", (input, expected) => {
    expect(safeLocalPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%255C%255Cevil.example",
    "/ng/%0d%0aSet-Cookie:x=1",
    "/ng/\r\nLocation: //evil",
    "/ng/\tx",
    "ng/relative",
    "",
    "/%E0%A4%A",
  ])("refuses %j", (input) => {
    expect(safeLocalPath(input)).toBe("/ng/");
  });

  it("refuses non-strings and overlong values", () => {
    expect(safeLocalPath(undefined)).toBe("/ng/");
    expect(safeLocalPath(["/ng/x"])).toBe("/ng/");
    expect(safeLocalPath(`/ng/${"a".repeat(3000)}`)).toBe("/ng/");
  });

  it("uses the fallback given", () => {
    expect(safeLocalPath("//x", "/ng/login")).toBe("/ng/login");
  });
});

describe("sameOriginReferrer", () => {
  const request = (referer?: string) =>
    new Request("http://localhost:3000/ng/error", { headers: referer ? { referer } : {} });

  it("returns the referring page's path on the same origin", () => {
    expect(sameOriginReferrer(request("http://localhost:3000/ng/companies/1?x=1"))).toBe("/ng/companies/1?x=1");
  });

  it("ignores other origins and missing or broken referrers", () => {
    expect(sameOriginReferrer(request("http://evil.example/ng/x"))).toBe("/ng/");
    expect(sameOriginReferrer(request())).toBe("/ng/");
    expect(sameOriginReferrer(request("not a url"))).toBe("/ng/");
  });
});
