import type { Principal } from "../auth/principal";
import type { Config } from "../config/config";
import { versionInfo } from "../config/version";
import type { Settings } from "../contracts/settings";

/** The settings object of 000 §3.1: deployment values from the configuration, user values from the caller. */
export function buildSettings(config: Config, principal: Principal | null, now = new Date()): Settings {
  const product = config.product;
  const version = versionInfo();
  // The caller's own values were read with the caller (server/auth/principal.ts): no query of their own.
  const user = principal
    ? {
        hasPicture: principal.hasProfilePicture,
        companyId: principal.homeCompanyId,
        toolEnabled: principal.homeCompanyToolEnabled,
      }
    : null;
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
    complexityToolUrl: config.protocolAnalysis.complexityToolUrl,
    isProtocolAnalysisToolAEnabled: user?.toolEnabled ?? false,
    showAuditContextField: product.showAuditContextField,
  };
}
