import { eq } from "drizzle-orm";
import { companies } from "../companies/schema";
import type { Db } from "../db/database";
import { insertGrants } from "../permissions/service";
import { DEMO } from "./demo-ids";

/**
 * The Protocol Analysis Tool's demo (issue 15): Demo Pharma has the tool on (isProtocolAnalysisToolAEnabled), Northwind
 * Clinical has it off; the study manager may upload protocols (POST /files) and read the files of his studies.
 */
export async function insertProtocolAnalysisDemoData(tx: Db): Promise<void> {
  await tx.update(companies).set({ isProtocolAnalysisToolEnabled: true }).where(eq(companies.id, DEMO.company.id));
  await tx.update(companies).set({ isProtocolAnalysisToolEnabled: false }).where(eq(companies.id, DEMO.ssoCompany.id));
  await insertGrants(
    tx,
    ["api/files", "api/files/get/*"].map((pattern) => ({
      principalType: "user" as const,
      principalId: DEMO.users.manager.id,
      scope: "company" as const,
      companyId: DEMO.company.id,
      pattern,
    })),
  );
}
