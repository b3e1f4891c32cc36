import type { Settings } from "@server/contracts/settings";
import { useTranslation } from "~/lib/i18n-react";
import { AppLink } from "./AppLink";

/**
 * Version (plain text unless a link is allowed), support, copyright range, legal name, privacy and terms (000 §2.7).
 * Addresses outside the system ask for confirmation first (AppLink).
 */
export function Footer({ settings, versionHref }: { settings: Settings | null; versionHref?: string | null }) {
  const { t } = useTranslation();
  if (!settings) return null;
  const commit = settings.sourceCommitVersion ? `+${settings.sourceCommitVersion.slice(0, 6)}` : "";
  const versionText = t("footer.version", { version: `${settings.systemDisplayVersion}${commit}` });
  const years =
    settings.startYear >= settings.currentUtcYear
      ? String(settings.currentUtcYear)
      : `${settings.startYear}–${settings.currentUtcYear}`;
  const link = "underline underline-offset-2 hover:text-slate-900";
  return (
    <footer className="mt-10 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-slate-600">
      {versionHref ? (
        <AppLink to={versionHref} newTab className={link}>
          {versionText}
        </AppLink>
      ) : (
        <span>{versionText}</span>
      )}
      <a href={`mailto:${settings.rbqmSupportEmail}`} className={link}>
        {settings.rbqmSupportEmail}
      </a>
      <span>
        {t("footer.copyright", { years })}{" "}
        <AppLink to={settings.rbqmUrl} newTab className={link}>
          {settings.legalName}
        </AppLink>
      </span>
      {settings.privacyPolicyUrl ? (
        <AppLink to={settings.privacyPolicyUrl} newTab className={link}>
          {t("footer.privacyPolicy")}
        </AppLink>
      ) : null}
      {settings.licenseAgreementLink ? (
        <AppLink to={settings.licenseAgreementLink} newTab className={link}>
          {t("footer.terms")}
        </AppLink>
      ) : null}
      <AppLink to={settings.helpUrl} newTab className={link}>
        {t("footer.help")}
      </AppLink>
    </footer>
  );
}
