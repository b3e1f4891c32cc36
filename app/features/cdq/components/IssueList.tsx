import { useLocation, useNavigation } from "@remix-run/react";
import { CDQ_PAGE_SIZES } from "@server/contracts/cdq-options";
import type { Paging as PagingInfo } from "@server/contracts/common";
import { AppLink } from "~/components/AppLink";
import { Paging } from "~/components/widgets/Paging";
import { Spinner } from "~/components/widgets/Spinner";
import { ISSUE_COLUMNS, IssueValue } from "~/features/cdq/components/IssueParts";
import { CDQ_LIST_ID, type CdqIssueView } from "~/features/cdq/issue-view";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

export interface IssueListProps {
  list: { items: CdqIssueView[]; paging: PagingInfo };
  page: number;
  pageSize: number;
  companyId: string;
  studyName: string;
}

/** The study's Compliance & Data Quality issues (001 §2): a scrolling table and its paging. */
export function IssueList({ list, page, pageSize, companyId, studyName }: IssueListProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  // A new page of this list is on its way (scripts only: without them the browser shows its own progress).
  const loadingPage = navigation.state === "loading" && navigation.location.pathname === location.pathname;
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
                <th key={column} scope="col" className="cdq-th">
                  {t(`cdq.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <IssueRows items={list.items} loadingPage={loadingPage} companyId={companyId} studyName={studyName} />
        </table>
      </div>
      <Paging
        id={CDQ_LIST_ID}
        className="mt-4"
        totalCount={list.paging.totalCount}
        page={page}
        pageSize={pageSize}
        allowedSizes={CDQ_PAGE_SIZES}
      />
    </div>
  );
}

function IssueRows({
  items,
  loadingPage,
  companyId,
  studyName,
}: {
  items: CdqIssueView[];
  loadingPage: boolean;
  companyId: string;
  studyName: string;
}) {
  const { t } = useTranslation();
  const columns = ISSUE_COLUMNS.length;
  return (
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
      {items.length === 0 ? (
        <tr>
          <td colSpan={columns} className="px-3 py-6 text-slate-700">
            {t("cdq.empty")}
          </td>
        </tr>
      ) : (
        items.map((issue) => <IssueRow key={issue.id} issue={issue} companyId={companyId} studyName={studyName} />)
      )}
    </tbody>
  );
}

function IssueRow({ issue, companyId, studyName }: { issue: CdqIssueView; companyId: string; studyName: string }) {
  return (
    <tr className="cdq-row">
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
  );
}
