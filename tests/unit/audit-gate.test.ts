import { describe, expect, it } from "vitest";
import { buildNav, studyAddresses, studyAuditListGate, type NavContext } from "~/lib/navigation.server";
import { requirePermission, type PermissionBatch } from "~/lib/permissions.server";

/**
 * The study audit list's gate (001 §6): "The audit list requires fetching study audit entries (or the legacy study
 * audit route)". The page's loader asks exactly this gate through requirePermission; the Settings entry asks the same.
 */
const COMPANY = "6560de000000000000000001";
const STUDY = "DEMO 1";
const a = studyAddresses(COMPANY, STUDY);
const batchAllowing = (...allowed: string[]): PermissionBatch => ({
  check: async (addresses) => new Map(addresses.map((address) => [address, allowed.includes(address)])),
  learn: () => undefined,
});
const request = () => new Request(`http://localhost:3000/ng/companies/${COMPANY}/studies/DEMO%201/audit`);
const gate = studyAuditListGate(COMPANY, STUDY);
const pass = (batch: PermissionBatch) => requirePermission(request(), batch, gate.addresses, { any: gate.any });

describe("study audit list gate (001 §6)", () => {
  it("names the list call and the legacy study audit route, either one sufficing", () => {
    expect(gate.addresses).toEqual([
      `api/companies/${COMPANY}/studies/DEMO%201/auditLogs/get`,
      `api/companies/${COMPANY}/studies/DEMO%201/auditManager/get`,
    ]);
    expect(gate.any).toBe(true);
  });

  it("lets in a user who may fetch the study's audit entries", async () => {
    await expect(pass(batchAllowing(a.studyAudit))).resolves.toBeDefined();
  });

  it("lets in a user who holds only the legacy study audit route", async () => {
    await expect(pass(batchAllowing(a.studyAuditLegacy))).resolves.toBeDefined();
  });

  it("sends anyone else to the error page, other study permissions notwithstanding", async () => {
    const denied = await pass(batchAllowing(a.study, a.dashboard, a.ract)).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(denied).toBeInstanceOf(Response);
    expect((denied as Response).status).toBe(302);
    expect((denied as Response).headers.get("location")).toMatch(/^\/ng\/error\?/);
  });

  it("shows Settings → Study Audit to a holder of either, with or without the classic application", () => {
    const ctx: NavContext = {
      companyId: COMPANY,
      study: { studyName: STUDY, internalStudyId: "6560de000000000000000101" },
      protocolAnalysisEnabled: true,
      helpUrl: null,
      kriWikiUrl: null,
      studyDesignerUrl: null,
      legacyBaseUrl: null,
    };
    for (const legacyBaseUrl of [null, "https://classic.example"]) {
      const settings = (allowed: string) =>
        buildNav({ ...ctx, legacyBaseUrl }, (address) => address === allowed).settings.map((entry) => entry.id);
      expect(settings(a.studyAudit)).toContain("studyAudit");
      expect(settings(a.studyAuditLegacy)).toContain("studyAudit");
      expect(settings(a.study)).not.toContain("studyAudit");
    }
  });
});
