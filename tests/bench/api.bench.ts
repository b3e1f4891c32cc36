import { isAllowed, type Grant } from "@server/permissions/engine";
import { READ_ONLY_PATTERNS, DEMO } from "@server/seed/demo";
import { bench, describe } from "vitest";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Speed goals (2-core machine, PGlite in memory), checked by `npm run bench`, not by timed tests:
 *  - the permission engine decides a 50-address batch against 60 grants in well under 1 ms;
 *  - in-process API calls that a page makes on every navigation (settings, permission check, study list)
 *    answer in under 5 ms each (mean).
 */
const C = DEMO.company.id;
const grants: Grant[] = [
  ...READ_ONLY_PATTERNS.map((pattern) => ({ scope: "company" as const, companyId: C, pattern })),
  ...Array.from({ length: 50 }, (_, i) => ({
    scope: "study" as const,
    companyId: C,
    studyName: `S${i}`,
    pattern: "api/companies/{companyId}/studies/{studyName}/**",
  })),
];
const addresses = Array.from({ length: 50 }, (_, i) => `api/companies/${C}/studies/S${i % 60}/criticalProcesses/save`);

describe("permission engine", () => {
  bench("50 addresses x 58 grants", () => {
    for (const address of addresses) isAllowed(address, grants, { companyId: C });
  });
});

// Benchmarks do not run hooks before timing, so the API starts at module load.
const api: TestApi = await startTestApi("pglite");
const token = await api.token(DEMO.users.manager.id);
process.on("beforeExit", () => void api.close());

describe("in-process API (PGlite)", () => {
  bench("GET /api/v2/settings (signed in)", async () => {
    await api.call("GET", "/api/v2/settings", { token });
  });
  bench("POST /api/auth/permissions/check (20 addresses)", async () => {
    await api.call("POST", "/api/auth/permissions/check", {
      token,
      json: { permissions: addresses.slice(0, 20).map((url) => ({ url })) },
    });
  });
  bench("POST /api/companies/{id}/studies/get", async () => {
    await api.call("POST", `/api/companies/${C}/studies/get`, { token, json: {} });
  });
});
