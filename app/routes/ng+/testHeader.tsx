import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DIALOG_PARAM } from "~/components/dialogs/url-state";
import { AppShell } from "~/components/shell/AppShell";
import { criticalProcessList, criticalProcessRow, type CriticalProcess } from "~/features/cpcd/critical-processes";
import { GALLERY_TOTAL, WidgetGallery } from "~/features/gallery/components/WidgetGallery";
import { SAMPLE_INTENT, sampleSchema } from "~/features/gallery/sample";
import { loadCriticalProcesses, saveCriticalProcesses } from "~/features/gallery/test-store.server";
import { flash } from "~/lib/flash.server";
import { handleListPost, type ListReply } from "~/lib/forms/list.server";
import { parseSubmission } from "~/lib/forms/schema";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { buildHref } from "~/lib/links";
import { readPaging } from "~/lib/paging";
import { pageMeta } from "~/lib/settings";
import { loadCompanyShell, requireUserSettings } from "~/lib/shell.server";

/**
 * /ng/testHeader: a test page (000 §2.3): the shell of the user's own company, with the shared widgets below it so
 * they run in a real browser (a sample list of 230 items pages through the query, as every list does), and the form,
 * dialog and list kit (docs/decisions/0023-forms-dialogs-and-lists.md): a sample form with every field kind, a dialog
 * opened from the address, and an editable list of critical processes kept per user by a small test store.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await requireUserSettings(request, context);
  const [shell, t] = await Promise.all([loadCompanyShell(request, context, settings.companyId!), getFixedT(request)]);
  const url = new URL(request.url);
  const paging = readPaging(url.searchParams, "t", { totalCount: GALLERY_TOTAL });
  const more = new URLSearchParams(url.searchParams);
  more.set("more", String(Number(more.get("more") ?? "0") + 1));
  const processes = loadCriticalProcesses(settings.userId ?? "");
  return { shell, pageName: t("testHeader.title"), paging, moreHref: buildHref("/ng/testHeader", more), processes };
}

type ActionData = { sample: SubmissionResult<string[]> | null; list: ListReply | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const settings = await requireUserSettings(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === SAMPLE_INTENT) {
    return { sample: parseSubmission(formData, { schema: sampleSchema }).reply(), list: null } satisfies ActionData;
  }
  const post = handleListPost<CriticalProcess>(formData, criticalProcessList, criticalProcessRow);
  if (post.kind === "reply") return { sample: null, list: post.reply } satisfies ActionData;
  saveCriticalProcesses(settings.userId ?? "", post.rows);
  const t = await getFixedT(request);
  // "Success!" (001 §8), after the redirect that shows the saved list.
  flash(context, { type: "information", message: t("kit.success") });
  const url = new URL(request.url);
  url.searchParams.delete(DIALOG_PARAM);
  url.searchParams.delete("index");
  return redirect(`${url.pathname}${url.search}`);
}

export default function TestHeader() {
  const { t } = useTranslation();
  const { shell, paging, moreHref, processes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AppShell
      header={{
        companyId: shell.company.id,
        nav: shell.nav,
        user: shell.user,
        notificationCount: shell.notificationCount,
        studies: shell.studies,
        study: null,
      }}
    >
      <h1 className="text-2xl font-semibold text-slate-900">{t("testHeader.title")}</h1>
      <p className="mt-1 text-slate-600">{t("testHeader.intro")}</p>
      <WidgetGallery
        paging={paging}
        moreHref={moreHref}
        sample={actionData?.sample}
        processes={{ rows: processes.rows, version: processes.version, reply: actionData?.list }}
      />
    </AppShell>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
