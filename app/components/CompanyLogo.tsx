import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

/**
 * The logo, served by /ng/companyLogo from the API. With `userId` (the header), the signed-in user's company logo at
 * an address that names the user, so a browser never shows the product logo, or another user's company logo, from
 * its cache; without, the product logo.
 */
export function CompanyLogo({ className, userId }: { className?: string; userId?: string }) {
  const { t } = useTranslation();
  return <img src={appLinks.companyLogo(userId)} alt={t("product.logoAlt")} className={className} height={40} />;
}
