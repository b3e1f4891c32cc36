import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { auditCalls } from "@server/contracts/calls/audit";
import { permissionAddress } from "@server/contracts/calls/define";
import { AuditListPage } from "~/components/audit/AuditListPage";
import { exportState, loadAuditList } from "~/lib/audit.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, destination, legacyLinks } from "~/lib/links";
import { companyAddresses } from "~/lib/navigation";
import { companyIdParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";
import { requirePagePermission } from "~/lib/shell.server";

/**
 * /ng/companies/:companyId/audit: the company's own audit trail (beyond the spec, ADR 0026): changes made at company
 * level, as the study list shows a study's. Settings → Company Audit leads here without LEGACY_BASE_URL.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const exportAddress = permissionAddress(auditCalls.company.export, { companyId });
  const { api, batch } = await requirePagePermission(request, context, [companyAddresses(companyId).companyAudit]);
  const url = new URL(request.url);
  const [list, allowed, t] = await Promise.all([
    loadAuditList(context, api, url, companyId, null),
    batch.check([exportAddress]),
    getFixedT(request),
  ]);
  return {
    ...list,
    canExport: allowed.get(exportAddress) === true,
    exportState: exportState(url),
    pageName: t("audit.companyTitle"),
  };
}

export default function CompanyAuditList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const companyId = useParams().companyId!;
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
