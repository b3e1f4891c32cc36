import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { cdqCalls } from "@server/contracts/calls/cdq";
import { permissionAddress } from "@server/contracts/calls/define";
import { CDQ_DEFAULT_PAGE_SIZE, CDQ_PAGE_SIZES } from "@server/contracts/cdq-options";
import { CDQ_LIST_ID, type DesigneeChoice } from "~/features/cdq/issue-view";
import { issueView } from "~/features/cdq/issue-view.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { studyAddresses } from "~/lib/navigation.server";
import { lastPage, pageParam, pageSizeParam, pagingHref, parsePage } from "~/lib/paging";
import { companyIdParam, idParam, studyNameParam } from "~/lib/params";
import { requirePagePermission } from "~/lib/shell.server";

/** The size from the address: 10, 20 or 50; anything else is the default, 10 (000 §5, 001 §9). */
function pageSizeFrom(raw: string | null): number {
  const value = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return (CDQ_PAGE_SIZES as readonly number[]).includes(value) ? value : CDQ_DEFAULT_PAGE_SIZE;
}

/** The study's Compliance & Data Quality issues, one page of them (001 §2); a page past the end goes to the last. */
export async function loadIssueList({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const { api } = await requirePagePermission(request, context, [studyAddresses(companyId, studyName).cdq]);
  const url = new URL(request.url);
  const pageSize = pageSizeFrom(url.searchParams.get(pageSizeParam(CDQ_LIST_ID)));
  const page = parsePage(url.searchParams.get(pageParam(CDQ_LIST_ID)));
  const result = await api.cdq.list(companyId, studyName, { page, pageSize });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
    throw new Error(`The issue list could not be loaded: ${result.error.code}`);
  }
  const { totalCount } = result.data.paging;
  // A page past the end is limited to the last page (000 §5), in the address too.
  const last = lastPage(totalCount, pageSize);
  if (page > last) throw redirect(pagingHref(url.pathname, url.search, CDQ_LIST_ID, { page: last, pageSize }));
  const t = await getFixedT(request);
  const list = { items: result.data.items.map(issueView), paging: result.data.paging };
  return { list, page, pageSize, companyId, studyName, pageName: t("cdq.listTitle") };
}

/** The details page's permission address: the single-issue call's (001 §6, §7). */
const issueAddress = (companyId: string, studyName: string, issueId: string) =>
  permissionAddress(cdqCalls.get, { companyId, studyName, issueId });

/**
 * One issue (001 §2 "Issue details"). An issue of another study or company, or an unknown id, shows "Compliance &
 * Data Quality Issue not found" (001 §8) with status 404.
 */
export async function loadIssueDetails({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const issueId = idParam(params, "issueId");
  const { api } = await requirePagePermission(request, context, [issueAddress(companyId, studyName, issueId)]);
  const t = await getFixedT(request);
  // The issue and the status form's designee choices (the company's users, when the caller may list them: the API
  // decides) in one call and one statement (docs/decisions/0046).
  const result = await api.cdq.get(companyId, studyName, issueId, { designees: true });
  const listHref = appLinks.studyPage(companyId, studyName, "cdq");
  if (!result.ok) {
    if (result.status !== 404) throw new Error(`The issue could not be loaded: ${result.error.code}`);
    const users: DesigneeChoice[] = [];
    return data({ issue: null, users, listHref, studyName, pageName: t("cdq.details.notFound") }, { status: 404 });
  }
  const choices = (result.data.designees ?? []).map((user) => ({ id: user.id, displayName: user.displayName }));
  // The current designee is a choice even when the list does not hold them (a past user, or no list permission).
  const current = result.data.designee;
  if (current?.type === "user" && current.id && !choices.some((user) => user.id === current.id))
    choices.unshift({ id: current.id, displayName: current.displayName ?? current.id });
  return { issue: issueView(result.data), users: choices, listHref, studyName, pageName: result.data.displayId };
}
