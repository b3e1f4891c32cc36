import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditListPage } from "~/features/audit/components/AuditListPage";
import { loadAuditListPage } from "~/features/audit/page.server";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks, destination, legacyLinks } from "~/lib/links";
import { studyAuditListGate } from "~/lib/navigation.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";

/**
 * /ng/companies/:companyId/studies/:studyName/audit: the Study Audit Manager (001 §2 "Study audit list", §4), gated
 * by the study audit list call or the legacy study audit route (001 §6); Download as CSV shows to those who may call the export.
 */
export async function loader(args: LoaderFunctionArgs) {
  const studyName = studyNameParam(args.params);
  const gate = studyAuditListGate(companyIdParam(args.params), studyName);
  return { ...(await loadAuditListPage(args, studyName, gate)), studyName };
}

export default function StudyAuditList() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const { companyId, studyName } = data;
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
