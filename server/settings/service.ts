import { eq } from "drizzle-orm";
import type { Principal } from "../auth/principal";
import { companies } from "../companies/schema";
import type { Config } from "../config/config";
import { versionInfo } from "../config/version";
import type { Settings } from "../contracts/settings";
import type { Db } from "../db/database";
import { users } from "../users/schema";

/** The settings object of 000 §3.1: deployment values from the configuration, user values from the caller. */
export async function buildSettings(config: Config, db: Db, principal: Principal | null, now = new Date()): Promise<Settings> {
  const product = config.product;
  const version = versionInfo();
  let user: { hasPicture: boolean; companyId: string; toolEnabled: boolean } | null = null;
  if (principal) {
    const [row] = await db
      .select({
        hasPicture: users.profilePictureContentType,
        companyId: users.homeCompanyId,
        toolEnabled: companies.isProtocolAnalysisToolEnabled,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.homeCompanyId))
      .where(eq(users.id, principal.userId))
      .limit(1);
    if (row) user = { hasPicture: row.hasPicture !== null, companyId: row.companyId, toolEnabled: row.toolEnabled };
  }
  return {
    apiUrl: product.publicApiUrl,
    systemDisplayVersion: product.systemDisplayVersion ?? version.version,
    productName: product.productName,
    productNameHtmlTitle: product.productNameHtmlTitle,
    kriWikiUrl: product.kriWikiUrl,
    rbqmUrl: product.websiteUrl,
    legalName: product.legalName,
    contactUsUrl: product.contactUsUrl,
    helpUrl: product.helpUrl,
    rbqmSupportEmail: product.supportEmail,
    privacyPolicyUrl: product.privacyPolicyUrl,
    licenseAgreementLink: product.licenseAgreementUrl,
    currentUtcYear: now.getUTCFullYear(),
    startYear: product.startYear,
    sourceCommitVersion: product.sourceCommit ?? version.commit,
    environmentLogo: product.environmentLogo,
    userId: principal?.userId ?? null,
    userNameOrEmail: principal ? principal.displayName || principal.email : null,
    profileImage: principal && user?.hasPicture ? `api/users/${principal.userId}/profilePicture/get` : null,
    companyId: user?.companyId ?? null,
    studyDesignerUrl: product.studyDesignerUrl,
    legacyBaseUrl: product.legacyBaseUrl,
    isProtocolAnalysisToolAEnabled: user?.toolEnabled ?? false,
    showAuditContextField: product.showAuditContextField,
  };
}
