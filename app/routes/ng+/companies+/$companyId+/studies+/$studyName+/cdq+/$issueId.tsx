import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { cdqCalls } from "@server/contracts/calls/cdq";
import { permissionAddress } from "@server/contracts/calls/define";
import { CDQ_REVIEW_LEVELS, CDQ_REVIEW_STATUSES, CDQ_STATES } from "@server/contracts/cdq-options";
import type { ReactNode } from "react";
import { AppLink } from "~/components/AppLink";
import { ContextValue, IssueValue, type IssueColumn, type IssueView } from "~/components/cdq/IssueParts";
import { Dialog } from "~/components/dialogs/Dialog";
import { DialogTrigger, isPlainClick, useUrlDialog } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { issueView } from "~/lib/api/cdq-view.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, idParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";
import { requirePagePermission } from "~/lib/shell.server";

/** The Update Status dialog's name in the address: `?dialog=updateStatus` opens it from the server (ADR 0023). */
const STATUS_DIALOG = "updateStatus";

/** The kit's input look (app/components/forms/fields.tsx), without the form runtime: nothing here is submitted. */
const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100";

/** The details page's permission address: the single-issue call's (001 §6, §7). */
const issueAddress = (companyId: string, studyName: string, issueId: string) =>
  permissionAddress(cdqCalls.get, { companyId, studyName, issueId });

/**
 * /ng/companies/:companyId/studies/:studyName/cdq/:issueId: one issue (001 §2 "Issue details"). An issue of another
 * study or company, or an unknown id, shows "Compliance & Data Quality Issue not found" (001 §8) with status 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const issueId = idParam(params, "issueId");
  const { api } = await requirePagePermission(request, context, [issueAddress(companyId, studyName, issueId)]);
  const t = await getFixedT(request);
  const result = await api.cdq.get(companyId, studyName, issueId);
  const listHref = appLinks.studyPage(companyId, studyName, "cdq");
  if (!result.ok) {
    if (result.status !== 404) throw new Error(`The issue could not be loaded: ${result.error.code}`);
    return data({ issue: null, users: [], listHref, studyName, pageName: t("cdq.details.notFound") }, { status: 404 });
  }
  // The status form's designee choices: the company's users, when the caller may list them (the API decides).
  const users = await api.companies.users(companyId);
  const choices = users.ok ? users.data.items.map((user) => ({ id: user.id, displayName: user.displayName })) : [];
  // The current designee is a choice even when the list does not hold them (a past user, or no list permission).
  const current = result.data.designee;
  if (current?.type === "user" && current.id && !choices.some((user) => user.id === current.id))
    choices.unshift({ id: current.id, displayName: current.displayName ?? current.id });
  return { issue: issueView(result.data), users: choices, listHref, studyName, pageName: result.data.displayId };
}

export default function CdqIssueDetails() {
  const { t } = useTranslation();
  const { issue, users, listHref, studyName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <AppLink to={listHref} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
        {t("cdq.details.back")}
      </AppLink>
      {issue ? (
        <IssueDetails issue={issue} users={users} studyName={studyName} />
      ) : (
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("cdq.details.notFound")}</h1>
      )}
    </div>
  );
}

function IssueDetails({
  issue,
  users,
  studyName,
}: {
  issue: IssueView;
  users: { id: string; displayName: string }[];
  studyName: string;
}) {
  const { t } = useTranslation();
  const dialog = useUrlDialog(STATUS_DIALOG);
  const terms = (columns: IssueColumn[]) =>
    columns.map((column) => (
      <div key={column}>
        <dt className="text-sm font-medium text-slate-600">{t(`cdq.columns.${column}`)}</dt>
        <dd className="text-slate-900">
          <IssueValue issue={issue} column={column} studyName={studyName} />
        </dd>
      </div>
    ));
  return (
    <>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">
          {issue.displayId} <span className="font-normal text-slate-700">{issue.type}</span>
        </h1>
        <div className="flex flex-wrap items-center gap-3">
          {/* The spec's New Ticket does nothing: shown, honestly unavailable, its reason in a tooltip. */}
          <span className="group relative inline-flex">
            <button
              type="button"
              aria-disabled="true"
              aria-describedby="cdq-new-ticket-tip"
              className={buttonClass("secondary", "cursor-not-allowed text-slate-500 hover:bg-white")}
            >
              {t("cdq.details.newTicket")}
            </button>
            <span
              id="cdq-new-ticket-tip"
              role="tooltip"
              className="invisible absolute right-0 top-full z-20 mt-1 w-60 rounded bg-slate-900 px-2 py-1 text-sm text-white group-focus-within:visible group-hover:visible"
            >
              {t("cdq.details.newTicketUnavailable")}
            </span>
          </span>
          <DialogTrigger dialog={dialog} className={buttonClass("primary")}>
            {t("cdq.details.updateStatus")}
          </DialogTrigger>
        </div>
      </div>

      <section aria-labelledby="cdq-status" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cdq-status" className="font-semibold text-slate-900">
          {t("cdq.details.statusTitle")}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-3">
          {terms(["state", "reviewStatus", "designee", "dueDate", "overdue", "dateOfLastUpdate"])}
        </dl>
      </section>

      <section aria-labelledby="cdq-description" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cdq-description" className="font-semibold text-slate-900">
          {t("cdq.details.descriptionTitle")}
        </h2>
        <div className="mt-3 space-y-4">
          <div>
            <label htmlFor="cdq-title" className="mb-1 block text-sm font-medium text-slate-800">
              {t("cdq.columns.title")}
            </label>
            <input id="cdq-title" readOnly value={issue.title} className={`${inputClass} bg-slate-50`} />
          </div>
          <div>
            <label htmlFor="cdq-reasoning" className="mb-1 block text-sm font-medium text-slate-800">
              {t("cdq.columns.reasoning")}
            </label>
            <textarea
              id="cdq-reasoning"
              readOnly
              rows={4}
              value={issue.reasoning ?? ""}
              className={`${inputClass} bg-slate-50`}
            />
          </div>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
          {terms([
            "country",
            "site",
            "subject",
            "category",
            "subCategory",
            "source",
            "severity",
            "patientSafetyScore",
            "dateOfOccurrence",
            "dateOfDetection",
          ])}
        </dl>
      </section>

      <section aria-labelledby="cdq-context" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="cdq-context" className="font-semibold text-slate-900">
          {t("cdq.details.contextTitle")}
        </h2>
        <div className="mt-3 text-slate-800">
          <ContextValue items={issue.context} />
        </div>
      </section>

      <StatusDialog dialog={dialog} issue={issue} users={users} />
    </>
  );
}

/**
 * The status update form (001 §3 "Status update form", §4 "Issue status options"): UI only. Nothing is sent: there
 * is no form to submit, and Update and Cancel only close the dialog (links to this page without `?dialog`, which
 * scripts turn into closing in place).
 */
function StatusDialog({
  dialog,
  issue,
  users,
}: {
  dialog: ReturnType<typeof useUrlDialog>;
  issue: IssueView;
  users: { id: string; displayName: string }[];
}) {
  const { t } = useTranslation();
  // A link back to this page without the dialog: the same in both modes, and with scripts it just closes.
  const close = (label: string, variant: "primary" | "secondary") => (
    <a
      href={dialog.closeHref}
      className={buttonClass(variant)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        dialog.hide();
      }}
    >
      {label}
    </a>
  );
  const field = (id: string, label: string, control: ReactNode) => (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
    </div>
  );
  const select = (id: string, options: readonly { value: string; label: string }[], defaultValue: string) => (
    <select id={id} defaultValue={defaultValue} className={inputClass}>
      <option value="">{t("cdq.statusForm.choose")}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <Dialog
      open={dialog.open}
      title={t("cdq.statusForm.title")}
      description={t("cdq.statusForm.description")}
      footer={
        <>
          {close(t("cdq.statusForm.cancel"), "secondary")}
          {close(t("cdq.statusForm.update"), "primary")}
        </>
      }
    >
      {field(
        "cdq-new-state",
        t("cdq.statusForm.state"),
        select(
          "cdq-new-state",
          CDQ_STATES.map((value) => ({ value, label: t(`cdq.states.${value}`) })),
          issue.state,
        ),
      )}
      {field(
        "cdq-new-review-status",
        t("cdq.statusForm.reviewStatus"),
        select(
          "cdq-new-review-status",
          CDQ_REVIEW_STATUSES.map((value) => ({ value, label: t(`cdq.reviewStatuses.${value}`) })),
          issue.reviewStatus ?? "",
        ),
      )}
      {field("cdq-comment", t("cdq.statusForm.comment"), <textarea id="cdq-comment" rows={3} className={inputClass} />)}
      {field(
        "cdq-review-level",
        t("cdq.statusForm.reviewLevel"),
        select(
          "cdq-review-level",
          CDQ_REVIEW_LEVELS.map((value) => ({ value, label: t(`cdq.reviewLevels.${value}`) })),
          "",
        ),
      )}
      {field(
        "cdq-designee",
        t("cdq.statusForm.designee"),
        select(
          "cdq-designee",
          users.map((user) => ({ value: user.id, label: user.displayName })),
          issue.designee?.type === "user" ? (issue.designee.id ?? "") : "",
        ),
      )}
      {field(
        "cdq-due-date",
        t("cdq.statusForm.dueDate"),
        <input id="cdq-due-date" type="date" defaultValue={issue.dueDate?.slice(0, 10) ?? ""} className={inputClass} />,
      )}
    </Dialog>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
