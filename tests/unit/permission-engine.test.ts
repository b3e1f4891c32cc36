import {
  companiesAllowing,
  grantAllows,
  isAllowed,
  parseAddress,
  validatePattern,
  type Grant,
} from "@server/permissions/engine";
import { describe, expect, it } from "vitest";

const ACME = "6560de000000000000000001";
const OTHER = "6560de000000000000000002";
const ctx = { companyId: ACME };

const company = (pattern: string, companyId = ACME): Grant => ({ scope: "company", companyId, pattern });
const study = (pattern: string, studyName: string, companyId = ACME): Grant => ({
  scope: "study",
  companyId,
  studyName,
  pattern,
});
const system = (pattern: string): Grant => ({ scope: "system", pattern });

describe("permission engine: allow and deny", () => {
  it("denies everything without grants", () => {
    expect(isAllowed(`api/companies/${ACME}/get`, [], ctx)).toBe(false);
  });

  it("allows an exact address within the grant's company", () => {
    const grants = [company("api/companies/{companyId}/get")];
    expect(isAllowed(`api/companies/${ACME}/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/users/get`, grants, ctx)).toBe(false);
  });

  it("accepts the address with or without a leading slash", () => {
    const grants = [company("api/companies/{companyId}/get")];
    expect(isAllowed(`/api/companies/${ACME}/get`, grants, ctx)).toBe(true);
  });

  it("requires the api prefix", () => {
    const grants = [system("api/**")];
    expect(isAllowed(`companies/${ACME}/get`, grants, ctx)).toBe(false);
    expect(isAllowed("api", grants, ctx)).toBe(false);
  });

  it("allows with '*' one segment only", () => {
    const grants = [company("api/companies/{companyId}/auditLogs/*/get")];
    expect(isAllowed(`api/companies/${ACME}/auditLogs/abc/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/auditLogs/a/b/get`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/auditLogs/get`, grants, ctx)).toBe(false);
  });

  it("allows with '**' zero or more segments, also in the middle", () => {
    const grants = [company("api/companies/{companyId}/studies/{studyName}/**/get")];
    expect(isAllowed(`api/companies/${ACME}/studies/S1/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/studies/S1/auditLogs/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/studies/S1/auditLogs/e1/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/studies/S1/criticalData/save`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/studies/S1/get/more`, grants, ctx)).toBe(false);
  });

  it("a trailing '**' matches the prefix itself and everything below", () => {
    const grants = [company("api/**")];
    expect(isAllowed(`api/companies/${ACME}/get`, grants, ctx)).toBe(true);
    expect(isAllowed("api/files", grants, ctx)).toBe(true);
  });

  it("is case-sensitive, like the router", () => {
    const grants = [company("api/companies/{companyId}/get")];
    expect(isAllowed(`api/Companies/${ACME}/get`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/GET`, grants, ctx)).toBe(false);
  });

  it("answers the batched check in order", () => {
    const grants = [company("api/companies/{companyId}/get")];
    const addresses = [`api/companies/${ACME}/get`, `api/companies/${OTHER}/get`];
    expect(addresses.map((a) => isAllowed(a, grants, ctx))).toEqual([true, false]);
  });
});

describe("permission engine: company and study scope", () => {
  it("a company grant does not reach another company", () => {
    const grants = [company("api/**")];
    expect(isAllowed(`api/companies/${OTHER}/get`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${OTHER}/studies/S1/get`, grants, ctx)).toBe(false);
  });

  it("a literal company id in the pattern must still be the grant's own company", () => {
    const grants = [company(`api/companies/${OTHER}/get`)];
    expect(isAllowed(`api/companies/${OTHER}/get`, grants, ctx)).toBe(false);
  });

  it("a company grant covers every study of the company", () => {
    const grants = [company("api/companies/{companyId}/studies/{studyName}/**")];
    expect(isAllowed(`api/companies/${ACME}/studies/S1/cpcd/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/studies/S2/cpcd/get`, grants, ctx)).toBe(true);
  });

  it("a study grant covers that study only", () => {
    const grants = [study("api/companies/{companyId}/studies/{studyName}/**", "S1")];
    expect(isAllowed(`api/companies/${ACME}/studies/S1/criticalData/save`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/studies/S2/criticalData/save`, grants, ctx)).toBe(false);
  });

  it("a study grant never reaches company-level calls, even with a broad pattern", () => {
    const grants = [study("api/**", "S1")];
    expect(isAllowed(`api/companies/${ACME}/get`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/studies/get`, grants, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/studies/S1/get`, grants, ctx)).toBe(true);
  });

  it("a study grant in one company does not reach a same-named study elsewhere", () => {
    const grants = [study("api/**", "S1")];
    expect(isAllowed(`api/companies/${OTHER}/studies/S1/get`, grants, ctx)).toBe(false);
  });

  it("the study list call is company-level: 'studies/get' is not a study named 'get'", () => {
    const parsed = parseAddress(`api/companies/${ACME}/studies/get`, ctx);
    expect(parsed).toMatchObject({ companyId: ACME, studyName: null });
    const named = parseAddress(`api/companies/${ACME}/studies/get/get`, ctx);
    expect(named).toMatchObject({ companyId: ACME, studyName: "get" });
  });

  it("addresses without a company use the caller's home company", () => {
    const grants = [study("api/studies/{studyName}/**", "S1")];
    const address = "api/studies/S1/ProtocolAnalysisTool/RiskAssessment/start";
    expect(isAllowed(address, grants, ctx)).toBe(true);
    expect(isAllowed(address, grants, { companyId: OTHER })).toBe(false);
    expect(isAllowed(address, grants, { companyId: null })).toBe(false);
  });

  it("a studyName query parameter scopes a legacy-style address to that study", () => {
    const grants = [study("api/legacy/db", "S1")];
    expect(isAllowed("api/legacy/db?studyName=S1", grants, ctx)).toBe(true);
    expect(isAllowed("api/legacy/db?studyName=S2", grants, ctx)).toBe(false);
    expect(isAllowed("api/legacy/db", grants, ctx)).toBe(false);
  });

  it("a studyName query parameter never brings a company's or a user's address within a study grant", () => {
    const broad = [study("api/**", "S1")];
    expect(isAllowed(`api/companies/${ACME}/get?studyName=S1`, broad, ctx)).toBe(false);
    expect(isAllowed(`api/companies/${ACME}/users/get?studyName=S1`, broad, ctx)).toBe(false);
    expect(
      isAllowed("api/users/me/notifications/get?studyName=S1", broad, {
        ...ctx,
        userId: "u",
        subjectUserCompanies: [ACME],
      }),
    ).toBe(false);
    // As the call itself is decided: by its path.
    expect(isAllowed(`api/companies/${ACME}/get`, broad, ctx)).toBe(false);
  });

  it("a system grant reaches every company, and its placeholders match any value", () => {
    const grants = [system("api/companies/{companyId}/get")];
    expect(isAllowed(`api/companies/${ACME}/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${OTHER}/get`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${OTHER}/users/get`, grants, ctx)).toBe(false);
  });

  it("grantAllows needs the parsed address's scope to match before the pattern is read", () => {
    const parsed = parseAddress(`api/companies/${ACME}/studies/S1/get`, ctx)!;
    expect(grantAllows(study("api/companies/{companyId}/studies/{studyName}/get", "S1"), parsed)).toBe(true);
    expect(grantAllows(study("api/companies/{companyId}/studies/{studyName}/get", "S9"), parsed)).toBe(false);
  });
});

describe("permission engine: malformed addresses are denied", () => {
  const everything = [system("api/**"), company("api/**")];
  const bad = [
    "",
    "/",
    "api/",
    "api//companies",
    `api/companies/${ACME}/../${OTHER}/get`,
    `api/companies/${ACME}/./get`,
    `api/companies/%2e%2e/get`,
    `api/companies/${ACME}%2Fstudies%2FS1/get`,
    `api/companies/${ACME}%5Cx/get`,
    "api/companies/%E0%A4%A/get",
    "api/companies/a\u0000b/get",
    "api/companies/a%0d%0ab/get",
    `api/${"x/".repeat(1100)}get`,
  ];
  for (const address of bad) {
    it(`denies ${JSON.stringify(address.slice(0, 60))}`, () => {
      expect(isAllowed(address, everything, ctx)).toBe(false);
    });
  }

  it("a trailing slash, query and fragment do not change the address", () => {
    const grants = [company("api/companies/{companyId}/get")];
    expect(isAllowed(`api/companies/${ACME}/get/`, grants, ctx)).toBe(true);
    expect(isAllowed(`api/companies/${ACME}/get?x=1#y`, grants, ctx)).toBe(true);
  });

  it("percent-encoded ordinary characters are decoded before matching", () => {
    const grants = [study("api/companies/{companyId}/studies/{studyName}/get", "S 1")];
    expect(isAllowed(`api/companies/${ACME}/studies/S%201/get`, grants, ctx)).toBe(true);
  });
});

describe("permission engine: pattern validation", () => {
  it.each([
    ["api/**", null],
    ["api/companies/{companyId}/studies/{studyName}/**/get", null],
    ["api/companies/*/get", null],
  ])("accepts %s", (pattern, expected) => {
    expect(validatePattern(pattern)).toBe(expected);
  });

  it.each([
    ["", "must be 1 to 512 characters"],
    ["companies/**", 'must start with "api/"'],
    ["api//get", "must not contain empty segments"],
    ["api/{userId}/get", 'unknown placeholder "{userId}"'],
    ["api/comp*/get", "wildcards must be whole segments"],
    ["api/../get", 'invalid segment ".."'],
  ])("rejects %j", (pattern, message) => {
    expect(validatePattern(pattern)).toBe(message);
  });

  it("a grant with an invalid pattern allows nothing", () => {
    expect(isAllowed("api/x/get", [system("api/x*/get")], ctx)).toBe(false);
  });
});

describe("permission engine: addresses about a user belong to that user's companies", () => {
  const U = "6560de000000000000000207";
  const everything = [company("api/**")];

  it("a company grant reaches a user of its company, and no other", () => {
    expect(
      isAllowed(`api/users/${U}/profilePicture/get`, everything, { companyId: ACME, subjectUserCompanies: [ACME] }),
    ).toBe(true);
    expect(
      isAllowed(`api/users/${U}/profilePicture/get`, everything, { companyId: ACME, subjectUserCompanies: [OTHER] }),
    ).toBe(false);
    expect(
      isAllowed(`api/users/${U}/notifications/get`, everything, { companyId: ACME, subjectUserCompanies: [] }),
    ).toBe(false);
    // Not told the user's companies: denied, never the caller's company by default.
    expect(isAllowed(`api/users/${U}/notifications/get`, everything, { companyId: ACME })).toBe(false);
  });

  it("a user in several companies is reached from each of them", () => {
    expect(
      isAllowed(`api/users/${U}/get`, [company("api/**", OTHER)], {
        companyId: ACME,
        subjectUserCompanies: [ACME, OTHER],
      }),
    ).toBe(true);
  });

  it("a study grant never reaches a user, a system grant always may", () => {
    const context = { companyId: ACME, subjectUserCompanies: [ACME] };
    expect(isAllowed(`api/users/${U}/notifications/get?studyName=S1`, [study("api/**", "S1")], context)).toBe(false);
    expect(
      isAllowed(`api/users/${U}/notifications/get`, [system("api/users/*/notifications/get")], { companyId: ACME }),
    ).toBe(true);
  });

  it("parses the user an address is about, with no company of its own", () => {
    expect(parseAddress(`api/users/${U}/profilePicture/get`, ctx)).toMatchObject({ subjectUserId: U, companyId: null });
    expect(parseAddress("api/users/me/notifications/get", ctx)).toMatchObject({ subjectUserId: "me", companyId: null });
    expect(parseAddress(`api/companies/${ACME}/users/get`, ctx)).toMatchObject({
      subjectUserId: null,
      companyId: ACME,
    });
  });
});

describe("permission engine: calls about oneself", () => {
  const ME = "6560de000000000000000204";
  const SOMEONE = "6560de000000000000000207";
  const self = (pattern: string): Grant => ({ scope: "self", pattern });
  const context = { companyId: ACME, userId: ME };

  it("a self grant reaches the caller, by `me` or by their own id, and nobody else", () => {
    const grants = [self("api/users/*/notifications/get")];
    expect(isAllowed("api/users/me/notifications/get", grants, context)).toBe(true);
    expect(isAllowed(`api/users/${ME}/notifications/get`, grants, context)).toBe(true);
    expect(
      isAllowed(`api/users/${SOMEONE}/notifications/get`, grants, { ...context, subjectUserCompanies: [ACME] }),
    ).toBe(false);
    // Only the pattern's calls.
    expect(isAllowed(`api/users/${ME}/profilePicture/get`, grants, context)).toBe(false);
  });

  it("a self grant reaches only addresses about a user, and not without knowing the caller", () => {
    expect(isAllowed(`api/companies/${ACME}/get`, [self("api/**")], context)).toBe(false);
    expect(isAllowed("api/settings/get", [self("api/**")], context)).toBe(false);
    expect(isAllowed("api/users/me/notifications/get", [self("api/**")], { companyId: ACME })).toBe(false);
    expect(isAllowed(`api/users/${ME}/notifications/get`, [self("api/**")], { companyId: ACME })).toBe(false);
  });

  it("`me` is the caller for company grants too: their own companies decide", () => {
    expect(
      isAllowed("api/users/me/notifications/get", [company("api/**")], { ...context, subjectUserCompanies: [ACME] }),
    ).toBe(true);
    expect(
      isAllowed("api/users/me/notifications/get", [company("api/**")], { ...context, subjectUserCompanies: [OTHER] }),
    ).toBe(false);
  });
});

describe("permission engine: which of a user's companies a call about them reaches", () => {
  const U = "6560de000000000000000207";
  const address = `api/users/${U}/notifications/get`;
  const both = { companyId: ACME, userId: "6560de000000000000000201", subjectUserCompanies: [ACME, OTHER] };

  it("a company grant reaches that company's part only", () => {
    expect(companiesAllowing(address, [company("api/**")], both)).toEqual([ACME]);
    expect(companiesAllowing(address, [company("api/**"), company("api/users/**", OTHER)], both)).toEqual([
      ACME,
      OTHER,
    ]);
    expect(companiesAllowing(address, [company("api/**", "6560de000000000000000009")], both)).toEqual([]);
  });

  it("a system grant, or a self grant about oneself, reaches all of it", () => {
    expect(companiesAllowing(address, [system("api/users/*/notifications/get")], both)).toBe("all");
    const self: Grant = { scope: "self", pattern: "api/users/*/notifications/get" };
    expect(companiesAllowing("api/users/me/notifications/get", [self], both)).toBe("all");
    expect(companiesAllowing(address, [self], both)).toEqual([]);
  });

  it("an address about no user reaches no user's companies", () => {
    expect(companiesAllowing(`api/companies/${ACME}/get`, [system("api/**")], both)).toEqual([]);
  });
});

describe("permission engine: parsed once per process, decided per caller", () => {
  it("an address without a company takes each caller's own home company, however often it was parsed", () => {
    const address = "api/auditLogs/get";
    expect(parseAddress(address, { companyId: ACME })?.companyId).toBe(ACME);
    expect(parseAddress(address, { companyId: OTHER })?.companyId).toBe(OTHER);
    expect(isAllowed(address, [company("api/**")], { companyId: ACME })).toBe(true);
    expect(isAllowed(address, [company("api/**")], { companyId: OTHER })).toBe(false);
  });

  it("an address about a user stays the user's, whoever asked before", () => {
    const address = "api/users/6560de000000000000000207/notifications/get";
    parseAddress(address, { companyId: ACME });
    expect(parseAddress(address, { companyId: OTHER })?.companyId).toBeNull();
    expect(grantAllows(company("api/**"), parseAddress(address, ctx)!, { subjectUserCompanies: [OTHER] })).toBe(false);
  });

  it("a malformed address or pattern stays refused when asked again", () => {
    for (let i = 0; i < 2; i++) {
      expect(parseAddress("api/companies/%zz/get", ctx)).toBeNull();
      expect(isAllowed(`api/companies/${ACME}/get`, [company("api/*x/**")], ctx)).toBe(false);
    }
  });

  it("a parsed address handed out cannot be changed by its caller", () => {
    const parsed = parseAddress(`api/companies/${ACME}/get`, ctx)!;
    expect(() => (parsed.segments as string[]).push("more")).toThrow();
    expect(parseAddress(`api/companies/${ACME}/get`, ctx)!.segments).toEqual(["api", "companies", ACME, "get"]);
  });
});
