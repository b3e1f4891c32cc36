import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { AuditEntryPage } from "~/features/audit/components/AuditEntryPage";
import { loadAuditEntry } from "~/features/audit/page.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, idParam, studyNameParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";

/** /ng/companies/:companyId/studies/:studyName/audit/:entryId: one audit entry (001 §2 "Audit entry page"). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadAuditEntry(request, context, companyIdParam(params), studyNameParam(params), idParam(params, "entryId"));
}

export default function StudyAuditEntry() {
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const params = useParams();
  return (
    <AuditEntryPage
      entryId={data.entryId}
      entry={data.entry}
      showContext={settings?.showAuditContextField ?? false}
      listHref={appLinks.studyPage(companyIdParam(params), studyNameParam(params), "audit")}
    />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
