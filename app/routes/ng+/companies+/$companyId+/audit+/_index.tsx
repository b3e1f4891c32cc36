import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditListPage } from "~/features/audit/components/AuditListPage";
import { loadAuditListPage } from "~/features/audit/page.server";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks, destination, legacyLinks } from "~/lib/links";
import { companyAddresses } from "~/lib/navigation.server";
import { companyIdParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";

/**
 * /ng/companies/:companyId/audit: the company's own audit trail (beyond the spec, ADR 0026): changes made at company
 * level, as the study list shows a study's. Settings → Company Audit leads here without LEGACY_BASE_URL.
 */
export const loader = (args: LoaderFunctionArgs) =>
  loadAuditListPage(args, null, { addresses: [companyAddresses(companyIdParam(args.params)).companyAudit] });

export default function CompanyAuditList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const { companyId } = data;
  const classic = destination({ legacy: legacyLinks.company("/companyAuditManager") }, settings?.legacyBaseUrl);
  const base = `${appLinks.company(companyId)}/audit`;
  return (
    <AuditListPage
      title={t("audit.companyTitle")}
      data={data}
      showContext={settings?.showAuditContextField ?? false}
      entryHref={(id) => `${base}/${encodeURIComponent(id)}`}
      exportAction={data.canExport ? `${base}/export` : null}
      exportState={data.exportState}
      classic={{ href: classic.href ?? null, unavailable: classic.href === undefined }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
