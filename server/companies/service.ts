import { eq } from "drizzle-orm";
import type { CompanyInfo } from "../contracts/companies";
import type { Db } from "../db/database";
import { companies } from "./schema";

export async function getCompany(db: Db, companyId: string): Promise<CompanyInfo | null> {
  const [row] = await db
    .select({
      id: companies.id,
      displayName: companies.displayName,
      isProtocolAnalysisToolEnabled: companies.isProtocolAnalysisToolEnabled,
      ssoProtocol: companies.ssoProtocol,
      isCpcdRationaleRequired: companies.isCpcdRationaleRequired,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    displayName: row.displayName,
    isProtocolAnalysisToolAEnabled: row.isProtocolAnalysisToolEnabled,
    usesSingleSignOn: row.ssoProtocol !== null,
    isCpcdRationaleRequired: row.isCpcdRationaleRequired,
  };
}

export async function getCompanyLogo(db: Db, companyId: string): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ data: companies.logoData, contentType: companies.logoContentType })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row?.data || !row.contentType) return null;
  return { data: row.data, contentType: row.contentType };
}
