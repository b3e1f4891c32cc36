import { useTranslation } from "~/lib/i18n-react";

/** The company logo (the product logo when signed out), served by /ng/companyLogo from the API. */
export function CompanyLogo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return <img src="/ng/companyLogo" alt={t("product.logoAlt")} className={className} height={40} />;
}
