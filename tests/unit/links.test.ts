import { describe, expect, it } from "vitest";
import { appLinks, buildHref, isLegacyPath, isOutsideSystem, legacyLinks, resolveLegacyHref } from "~/lib/links";
import { badgeText } from "~/lib/nav";

describe("the link builder (000 §2.4)", () => {
  it("appends query parameters in order, skipping null and undefined, repeating arrays", () => {
    expect(buildHref("/db", { studyName: "DEMO001", empty: "", gone: null, missing: undefined, n: 2, on: true })).toBe(
      "/db?studyName=DEMO001&empty=&n=2&on=true",
    );
    expect(buildHref("/x", { id: ["a", "b"] })).toBe("/x?id=a&id=b");
    expect(buildHref("/x")).toBe("/x");
  });

  it("keeps parameters already in the path and escapes values", () => {
    expect(buildHref("/viewMitigation?name=A&B", { studyName: "S 1/2" })).toBe(
      "/viewMitigation?name=A&B&studyName=S+1%2F2",
    );
    expect(buildHref("/x?", { a: 1 })).toBe("/x?a=1");
  });

  it("appends a hash, replacing one already there, with or without its #", () => {
    expect(buildHref("/x", { a: 1 }, "top")).toBe("/x?a=1#top");
    expect(buildHref("/x#old", null, "#new")).toBe("/x#new");
    expect(buildHref("/x#kept", { a: 1 })).toBe("/x?a=1#kept");
    expect(buildHref("https://help.example/a", { q: "risk" }, "s 1")).toBe("https://help.example/a?q=risk#s%201");
  });

  it("builds the legacy pages with their path and query parameters", () => {
    expect(legacyLinks.study("/riskAssessment", "DEMO001")).toBe("/riskAssessment?studyName=DEMO001");
    expect(legacyLinks.subjects("DE/MO")).toBe("/patients/study/DE%2FMO");
    expect(legacyLinks.subject("DEMO001", "S-01")).toBe("/patients/study/DEMO001/patient/S-01");
    expect(legacyLinks.ticket("T-7", "DEMO001")).toBe("/tickets/T-7?studyName=DEMO001");
    expect(legacyLinks.mitigation("Retrain site", "DEMO001")).toBe(
      "/viewMitigation?name=Retrain+site&studyName=DEMO001",
    );
    expect(appLinks.error("You lack the permissions to view this page.")).toBe(
      "/ng/error?errorMessage=You+lack+the+permissions+to+view+this+page.",
    );
  });

  it("recognises every legacy path, and nothing under /ng/", () => {
    for (const path of [
      "/catalogsList",
      "/admin/cpcdConfig",
      "/yourAccount?welcome",
      "/v1/system/version/admin",
      "/db?studyName=X",
      "/editRiskAssessment",
      "/patients/study/X",
      "/patients/study/X/patient/Y",
      "/tickets/T1?studyName=X",
      "/viewMitigation?name=a",
      "/CSM#x",
    ]) {
      expect(isLegacyPath(path), path).toBe(true);
    }
    for (const path of [
      "/ng/",
      "/ng/db",
      "/dbx",
      "/patients",
      "/patients/study/X/extra/Y",
      "//db",
      "db",
      "https://x.example/db",
      "/csm",
    ]) {
      expect(isLegacyPath(path), path).toBe(false);
    }
  });

  it("resolves legacy paths against LEGACY_BASE_URL when it is set", () => {
    expect(resolveLegacyHref("/db?studyName=X", "https://classic.example/app/")).toBe(
      "https://classic.example/app/db?studyName=X",
    );
    expect(resolveLegacyHref("/db?studyName=X", null)).toBe("/db?studyName=X");
    expect(resolveLegacyHref("/ng/companies/1", "https://classic.example")).toBe("/ng/companies/1");
  });

  it("tells addresses outside the system from the system's own", () => {
    const own = ["https://classic.example", "https://designer.example/app", null];
    expect(isOutsideSystem("https://help.example/a", own)).toBe(true);
    expect(isOutsideSystem("http://classic.example/db", own)).toBe(true); // another scheme is another origin
    expect(isOutsideSystem("https://classic.example/db", own)).toBe(false);
    expect(isOutsideSystem("https://designer.example/other", own)).toBe(false);
    expect(isOutsideSystem("/ng/companies/1", own)).toBe(false);
    expect(isOutsideSystem("/db", own)).toBe(false);
  });
});

describe("the notification badge (000 §2.6, §9)", () => {
  it("is hidden at zero, shows the count up to 99 and 99+ above", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(121)).toBe("99+");
  });
});
