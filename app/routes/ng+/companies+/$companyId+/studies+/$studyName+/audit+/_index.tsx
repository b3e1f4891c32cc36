import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { auditCalls } from "@server/contracts/calls/audit";
import { permissionAddress } from "@server/contracts/calls/define";
import { AuditListPage } from "~/components/audit/AuditListPage";
import { exportState, loadAuditList } from "~/lib/audit.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, destination, legacyLinks } from "~/lib/links";
import { studyAuditListGate } from "~/lib/navigation";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";
import { requirePagePermission } from "~/lib/shell.server";

/**
 * /ng/companies/:companyId/studies/:studyName/audit: the Study Audit Manager (001 §2 "Study audit list", §4), gated
 * by the study audit list call or the legacy study audit route (001 §6); Download as CSV shows to those who may call the export.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const exportAddress = permissionAddress(auditCalls.study.export, { companyId, studyName });
  const gate = studyAuditListGate(companyId, studyName);
  const { api, batch } = await requirePagePermission(request, context, gate.addresses, { any: gate.any });
  const url = new URL(request.url);
  const [list, allowed, t] = await Promise.all([
    loadAuditList(context, api, url, companyId, studyName),
    batch.check([exportAddress]),
    getFixedT(request),
  ]);
  return {
    ...list,
    canExport: allowed.get(exportAddress) === true,
    exportState: exportState(url),
    pageName: t("audit.studyTitle"),
  };
}

export default function StudyAuditList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const params = useParams();
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const classic = destination({ legacy: legacyLinks.study("/auditManager", studyName) }, settings?.legacyBaseUrl);
  return (
    <AuditListPage
      title={t("audit.studyTitle")}
      data={data}
      showContext={settings?.showAuditContextField ?? false}
      entryHref={(id) => appLinks.studyPage(companyId, studyName, `audit/${encodeURIComponent(id)}`)}
      exportAction={data.canExport ? appLinks.studyPage(companyId, studyName, "audit/export") : null}
      exportState={data.exportState}
      classic={{ href: classic.href ?? null, unavailable: classic.href === undefined }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
