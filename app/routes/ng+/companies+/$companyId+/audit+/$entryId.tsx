import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { AuditEntryPage } from "~/features/audit/components/AuditEntryPage";
import { loadAuditEntry } from "~/features/audit/page.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, idParam } from "~/lib/params";
import { pageMeta, useSettings } from "~/lib/settings";

/** /ng/companies/:companyId/audit/:entryId: one company audit entry (001 §2 "Audit entry page"). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadAuditEntry(request, context, companyIdParam(params), null, idParam(params, "entryId"));
}

export default function CompanyAuditEntry() {
  const data = useLoaderData<typeof loader>();
  const settings = useSettings();
  const companyId = useParams().companyId!;
  return (
    <AuditEntryPage
      entryId={data.entryId}
      entry={data.entry}
      showContext={settings?.showAuditContextField ?? false}
      listHref={`${appLinks.company(companyId)}/audit`}
    />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
