import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CDQ_DEFAULT_PAGE_SIZE, CDQ_PAGE_SIZES } from "@server/contracts/cdq-options";
import { AppLink } from "~/components/AppLink";
import { ISSUE_COLUMNS, IssueValue } from "~/components/cdq/IssueParts";
import { Paging } from "~/components/widgets/Paging";
import { Spinner } from "~/components/widgets/Spinner";
import { issueView } from "~/lib/api/cdq-view.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { studyAddresses } from "~/lib/navigation";
import { lastPage, pageParam, pageSizeParam, pagingHref, parsePage } from "~/lib/paging";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";
import { requirePagePermission } from "~/lib/shell.server";

/** The list's id: its address carries `cdq-page` and `cdq-pageSize` (000 §9). */
const LIST_ID = "cdq";

/** The size from the address: 10, 20 or 50; anything else is the default, 10 (000 §5, 001 §9). */
function pageSizeFrom(raw: string | null): number {
  const value = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return (CDQ_PAGE_SIZES as readonly number[]).includes(value) ? value : CDQ_DEFAULT_PAGE_SIZE;
}

/** /ng/companies/:companyId/studies/:studyName/cdq: the study's Compliance & Data Quality issues (001 §2). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const { api } = await requirePagePermission(request, context, [studyAddresses(companyId, studyName).cdq]);
  const url = new URL(request.url);
  const pageSize = pageSizeFrom(url.searchParams.get(pageSizeParam(LIST_ID)));
  const page = parsePage(url.searchParams.get(pageParam(LIST_ID)));
  const result = await api.cdq.list(companyId, studyName, { page, pageSize });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
    throw new Error(`The issue list could not be loaded: ${result.error.code}`);
  }
  const { totalCount } = result.data.paging;
  // A page past the end is limited to the last page (000 §5), in the address too.
  const last = lastPage(totalCount, pageSize);
  if (page > last) throw redirect(pagingHref(url.pathname, url.search, LIST_ID, { page: last, pageSize }));
  const t = await getFixedT(request);
  const list = { items: result.data.items.map(issueView), paging: result.data.paging };
  return { list, page, pageSize, companyId, studyName, pageName: t("cdq.listTitle") };
}

export default function CdqIssueList() {
  const { t } = useTranslation();
  const { list, page, pageSize, companyId, studyName } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  // A new page of this list is on its way (scripts only: without them the browser shows its own progress).
  const loadingPage = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const columns = ISSUE_COLUMNS.length;
  return (
    <div className="mx-auto max-w-full">
      <h1 className="text-2xl font-semibold text-slate-900">{t("cdq.listTitle")}</h1>
      <div
        className="mt-4 max-h-[640px] overflow-auto rounded-lg border border-slate-200 bg-white"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the table scrolls inside this box: it takes focus so the keyboard can scroll it
        tabIndex={0}
        role="region"
        aria-labelledby="cdq-table-caption"
        data-testid="cdq-table-scroll"
      >
        <table className="min-w-max border-collapse text-left text-sm" aria-busy={loadingPage || undefined}>
          <caption id="cdq-table-caption" className="sr-only">
            {t("cdq.listLabel")}
          </caption>
          <thead>
            <tr>
              {ISSUE_COLUMNS.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="sticky top-0 z-10 border-b border-slate-300 bg-slate-100 px-3 py-2 font-semibold text-slate-800"
                >
                  {t(`cdq.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loadingPage ? (
              <tr data-testid="cdq-loading-row">
                <td colSpan={columns} className="px-3 py-3 text-slate-700">
                  <span className="inline-flex items-center gap-2" role="status">
                    <Spinner decorative />
                    {t("cdq.loading")}
                  </span>
                </td>
              </tr>
            ) : null}
            {list.items.length === 0 ? (
              <tr>
                <td colSpan={columns} className="px-3 py-6 text-slate-700">
                  {t("cdq.empty")}
                </td>
              </tr>
            ) : (
              list.items.map((issue) => (
                <tr key={issue.id} className="border-b border-slate-200 align-top last:border-b-0 hover:bg-slate-50">
                  {ISSUE_COLUMNS.map((column) =>
                    column === "issueId" ? (
                      <th key={column} scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                        <IssueValue
                          issue={issue}
                          column={column}
                          studyName={studyName}
                          issueLink={(item) => (
                            <AppLink
                              to={appLinks.studyPage(companyId, studyName, `cdq/${encodeURIComponent(item.id)}`)}
                              className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
                            >
                              {item.displayId}
                            </AppLink>
                          )}
                        />
                      </th>
                    ) : (
                      <td
                        key={column}
                        className={`px-3 py-2 text-slate-800 ${
                          column === "reasoning" || column === "title" || column === "context"
                            ? "min-w-64 max-w-md"
                            : "whitespace-nowrap"
                        }`}
                      >
                        <IssueValue issue={issue} column={column} studyName={studyName} />
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Paging
        id={LIST_ID}
        className="mt-4"
        totalCount={list.paging.totalCount}
        page={page}
        pageSize={pageSize}
        allowedSizes={CDQ_PAGE_SIZES}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
