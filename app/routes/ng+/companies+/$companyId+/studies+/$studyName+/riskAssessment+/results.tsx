import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import type { RiskAssessmentResult, RowCitation } from "@server/contracts/protocol-analysis";
import { RISK_CATEGORIES } from "@server/contracts/risk-categories";
import { useState } from "react";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { Button } from "~/components/forms/Button";
import { SelectField, TextareaField } from "~/components/forms/fields";
import { DeleteRowDialog, EditableListForm, useEditableList } from "~/components/lists/EditableList";
import { LIST_INTENT } from "~/lib/forms/list";
import { handleListPost, type ListReply } from "~/lib/forms/list.server";
import { riskRow, riskRowList, type RiskRowForm } from "~/lib/forms/risk-rows";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks, legacyLinks, resolveLegacyHref } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { analysisAddresses, requireAnalysisPage } from "~/lib/protocol-analysis.server";
import { pageMeta } from "~/lib/settings";
import { userSettings } from "~/lib/shell.server";

/** …/riskAssessment/results?id=: the AI risk assessment's report (001 §2 "Risk assessment results", §4, §5). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const t = await getFixedT(request);
  const id = (new URL(request.url).searchParams.get("id") ?? "").trim().slice(0, 64);
  const a = analysisAddresses(companyId, studyName);
  const { api, allowed } = await requireAnalysisPage(request, context, companyId, [id ? a.results(id) : a.start], {
    extra: [a.insert],
  });
  const base = { pageName: t("protocolAnalysis.results.title"), canInsert: allowed.get(a.insert) === true };
  if (!id) return { ...base, result: null, problem: "protocolAnalysis.results.missingId" };
  const result = await api.protocolAnalysis.riskAssessmentResult(studyName, id);
  if (!result.ok) {
    if (result.status === 404) return { ...base, result: null, problem: "protocolAnalysis.results.notFound" };
    throw new Error(`Risk assessment unavailable: ${result.error.code}`);
  }
  // Rows are sorted by category (001 §3).
  const value = result.data.value
    ? [...result.data.value].sort((x, y) => x.category.localeCompare(y.category) || Number(x.key) - Number(y.key))
    : null;
  return { ...base, result: { ...result.data, value } as RiskAssessmentResult, problem: null };
}

type ActionAnswer =
  | { kind: "reply"; reply: ListReply }
  | { kind: "inserted"; count: number; draftHref: string; reply: ListReply | null }
  | { kind: "insertFailed"; detail: string; reply: ListReply | null };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const id = (new URL(request.url).searchParams.get("id") ?? "").trim().slice(0, 64);
  const formData = await request.formData();
  const a = analysisAddresses(companyId, studyName);
  if (formData.get("intent") === "newRequest") {
    // New request (001 §4): after the confirmation the results are discarded and the user is back on the form.
    await requireAnalysisPage(request, context, companyId, [a.start]);
    throw redirect(appLinks.studyPage(companyId, studyName, "riskAssessment/identification"));
  }
  const post = handleListPost<RiskRowForm>(formData, riskRowList, riskRow);
  if (post.kind === "reply") return { kind: "reply", reply: post.reply } satisfies ActionAnswer;
  const { api } = await requireAnalysisPage(request, context, companyId, [a.insert]);
  if (post.rows.length === 0) {
    const t = await getFixedT(request);
    return {
      kind: "insertFailed",
      detail: t("protocolAnalysis.results.atLeastOneRow"),
      reply: null,
    } satisfies ActionAnswer;
  }
  const inserted = await api.ract.import(companyId, studyName, {
    requestId: id || undefined,
    items: post.rows.map((row) => ({
      key: row.key,
      category: row.category,
      question: row.question,
      statementIf: row.statementIf,
      statementDueTo: row.statementDueTo,
      statementThen: row.statementThen,
      citation: parseCitation(row.citation),
    })),
  });
  if (!inserted.ok) {
    return {
      kind: "insertFailed",
      detail: inserted.error.detail || inserted.error.code,
      reply: null,
    } satisfies ActionAnswer;
  }
  const settings = await userSettings(
    context,
    (await requireAnalysisPage(request, context, companyId, [a.insert])).api,
  );
  const draftHref = settings.legacyBaseUrl
    ? resolveLegacyHref(legacyLinks.study("/riskAssessment", studyName), settings.legacyBaseUrl)
    : appLinks.studyPage(companyId, studyName, "riskAssessment/workingDraft");
  return { kind: "inserted", count: inserted.data.value.inserted, draftHref, reply: null } satisfies ActionAnswer;
}

function parseCitation(text: string): RowCitation | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as RowCitation;
    return value && typeof value.quote === "string" ? value : null;
  } catch {
    return null;
  }
}

function useCitationText() {
  const { t } = useTranslation();
  return (citation: RowCitation | null) => {
    if (!citation) return "";
    const parts: string[] = [];
    if (citation.page !== null)
      parts.push(
        citation.printedPage
          ? t("protocolAnalysis.results.pagePrinted", { page: citation.page, printed: citation.printedPage })
          : t("protocolAnalysis.results.page", { page: citation.page }),
      );
    if (citation.section) parts.push(`${t("protocolAnalysis.results.section", { section: citation.section })}`);
    if (citation.sectionTitle && citation.sectionTitle !== citation.section) parts.push(citation.sectionTitle);
    return parts.join(", ");
  };
}

export default function RiskAssessmentResults() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const params = useParams();
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const landing = appLinks.studyPage(companyId, studyName, "protocolAnalysisTool");
  const newRequest = useUrlDialog("newRequest");
  const result = data.result;

  return (
    <div className="mx-auto max-w-7xl">
      <Link to={landing} className="inline-block py-1 text-brand-700 underline underline-offset-2">
        {t("protocolAnalysis.results.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("protocolAnalysis.results.title")}</h1>
        <div className="flex gap-2">
          <DialogTrigger
            dialog={newRequest}
            className="rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium"
          >
            {t("protocolAnalysis.results.newRequest")}
          </DialogTrigger>
        </div>
      </div>
      <ConfirmDialog
        open={newRequest.open}
        title={t("protocolAnalysis.results.newRequestTitle")}
        message={<p>{t("protocolAnalysis.results.newRequestText")}</p>}
        confirmLabel={t("protocolAnalysis.results.newRequestConfirm")}
        confirm={{ intent: "newRequest" }}
        onCancel={newRequest.hide}
      />

      {data.problem ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {t(data.problem)}
        </p>
      ) : null}

      {result && (result.state === "New" || result.state === "InProgress") ? (
        <p
          role="status"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900"
          data-testid="in-progress"
        >
          {t("protocolAnalysis.results.inProgress")}
        </p>
      ) : null}

      {result && result.state === "Failed" ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="root-error"
        >
          <p className="font-semibold">{t("protocolAnalysis.results.rootErrorTitle")}</p>
          {result.result.error ? <p className="mt-1">{result.result.error}</p> : null}
          {result.result.errorDetails ? <p className="mt-1 text-sm">{result.result.errorDetails}</p> : null}
        </div>
      ) : null}

      {result ? <Downloads result={result} companyId={companyId} studyName={studyName} /> : null}

      {result && result.state === "Finished" && result.value ? (
        <RowsEditor
          key={answer?.kind === "inserted" ? `inserted-${answer.count}` : "rows"}
          result={result}
          canInsert={data.canInsert}
          answer={answer}
        />
      ) : null}
    </div>
  );
}

function Downloads({
  result,
  companyId,
  studyName,
}: {
  result: RiskAssessmentResult;
  companyId: string;
  studyName: string;
}) {
  const { t } = useTranslation();
  const files = [
    ["protocolFile", result.protocolFile],
    ["parsedFile", result.parsedProtocolFile],
    ["historyFile", result.historyFile],
  ] as const;
  if (files.every(([, f]) => !f)) return null;
  return (
    <section className="mt-6" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading" className="font-semibold text-slate-900">
        {t("protocolAnalysis.results.downloads")}
      </h2>
      <ul className="mt-2 space-y-1">
        {files.map(([label, file]) =>
          file ? (
            <li key={label}>
              <span className="text-slate-700">{t(`protocolAnalysis.results.${label}`)}: </span>
              <a
                href={appLinks.studyPage(companyId, studyName, `riskAssessment/file/${encodeURIComponent(file.id)}`)}
                download={file.name}
                className="text-brand-700 underline underline-offset-2"
              >
                {file.name}
              </a>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}

function RowsEditor({
  result,
  canInsert,
  answer,
}: {
  result: RiskAssessmentResult;
  canInsert: boolean;
  answer: ActionAnswer | undefined;
}) {
  const { t } = useTranslation();
  const citationText = useCitationText();
  const loaded: RiskRowForm[] = (result.value ?? []).map((row) => ({
    key: row.key,
    category: row.category,
    question: row.question,
    statementIf: row.statementIf,
    statementDueTo: row.statementDueTo,
    statementThen: row.statementThen,
    citation: row.citation ? JSON.stringify(row.citation) : "",
  }));
  const list = useEditableList<RiskRowForm>({
    id: "risk-rows",
    schema: riskRowList,
    row: riskRow,
    rows: loaded,
    reply: answer?.kind === "reply" ? answer.reply : null,
  });
  const [insertDismissed, setInsertDismissed] = useState(false);
  const columns = {
    category: t("protocolAnalysis.results.category"),
    question: t("protocolAnalysis.results.question"),
    statementIf: t("protocolAnalysis.results.statementIf"),
    statementDueTo: t("protocolAnalysis.results.statementDueTo"),
    statementThen: t("protocolAnalysis.results.statementThen"),
  };
  const hasErrors = list.kit.hydrated && list.kit.valid === false;
  return (
    <section className="mt-6" aria-labelledby="rows-heading">
      <h2 id="rows-heading" className="sr-only">
        {t("protocolAnalysis.results.title")}
      </h2>
      {answer?.kind === "inserted" && !insertDismissed ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-900"
          data-testid="insert-success"
        >
          <p className="font-semibold">{t("protocolAnalysis.results.insertSuccess")}</p>
          <a
            href={answer.draftHref}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline underline-offset-2"
          >
            {t("protocolAnalysis.results.insertSuccessLink")}
          </a>
          {list.kit.hydrated ? (
            <Button variant="link" className="ml-4" onClick={() => setInsertDismissed(true)}>
              {t("protocolAnalysis.identification.dismiss")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {answer?.kind === "insertFailed" ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {t("protocolAnalysis.results.insertFailed", { detail: answer.detail })}
        </p>
      ) : null}
      <EditableListForm list={list}>
        {canInsert ? (
          <div className="mb-4 flex flex-wrap items-center gap-3">
            {/* "Download as xls" stays hidden (001 §2). */}
            <Button
              form={list.id}
              name="intent"
              value={LIST_INTENT.save}
              disabled={list.rows.length === 0}
              pending={list.kit.pending && list.submitting.current}
            >
              {t("protocolAnalysis.results.insert")}
            </Button>
            {hasErrors ? (
              <p role="alert" className="text-sm text-red-700">
                {t("protocolAnalysis.results.fixErrors")}
              </p>
            ) : null}
          </div>
        ) : null}
        {list.rows.length === 0 ? (
          <p className="text-slate-600" data-testid="rows-empty">
            {t("protocolAnalysis.results.empty")}
          </p>
        ) : (
          <table className="w-full border-collapse text-left text-sm" aria-labelledby="rows-heading">
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                {Object.values(columns).map((label) => (
                  <th key={label} scope="col" className="py-2 pr-3 font-medium">
                    {label}
                  </th>
                ))}
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t("protocolAnalysis.results.citation")}
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("protocolAnalysis.results.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => {
                const category = String(row.fields.category.value ?? row.fields.category.initialValue ?? "");
                const known = (RISK_CATEGORIES as readonly string[]).includes(category);
                const options = [
                  ...RISK_CATEGORIES.map((c) => ({ value: c, label: c })),
                  ...(category && !known
                    ? [{ value: category, label: t("protocolAnalysis.results.unknownCategory", { category }) }]
                    : []),
                ];
                const citation = parseClientCitation(
                  String(row.fields.citation.value ?? row.fields.citation.initialValue ?? ""),
                );
                const cell = (column: string) =>
                  `${column} (${t("protocolAnalysis.results.rowLabel", { number: row.index + 1 })})`;
                return (
                  <tr key={row.key} className="border-b border-slate-100 align-top" data-testid="risk-row">
                    <td className="py-2 pr-3">
                      <input
                        type="hidden"
                        name={row.fields.key.name}
                        defaultValue={String(row.fields.key.initialValue ?? "")}
                        form={list.id}
                      />
                      <input
                        type="hidden"
                        name={row.fields.citation.name}
                        defaultValue={String(row.fields.citation.initialValue ?? "")}
                        form={list.id}
                      />
                      <SelectField
                        field={row.fields.category}
                        label={cell(columns.category)}
                        hideLabel
                        options={options}
                        required
                      />
                    </td>
                    {(["question", "statementIf", "statementDueTo", "statementThen"] as const).map((name) => (
                      <td key={name} className="py-2 pr-3">
                        <TextareaField
                          field={row.fields[name]}
                          label={cell(columns[name])}
                          hideLabel
                          rows={3}
                          trim
                          required
                          maxLength={4000}
                        />
                      </td>
                    ))}
                    <td className="py-2 pr-3 text-slate-700" data-testid="row-citation">
                      {citation ? (
                        <>
                          <span className="font-medium">{citationText(citation)}</span>
                          <q className="mt-1 block text-xs text-slate-600">{citation.quote}</q>
                        </>
                      ) : null}
                    </td>
                    <td className="py-2">
                      <DeleteButton list={list} index={row.index} label={t("protocolAnalysis.results.deleteRow")} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </EditableListForm>
      <DeleteRowDialog list={list} />
      <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="ai-caution">
        {t("protocolAnalysis.results.caution")}
      </p>
    </section>
  );
}

function parseClientCitation(text: string): RowCitation | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as RowCitation;
  } catch {
    return null;
  }
}

function DeleteButton({
  list,
  index,
  label,
}: {
  list: ReturnType<typeof useEditableList<RiskRowForm>>;
  index: number;
  label: string;
}) {
  return (
    <Button
      form={list.id}
      name="intent"
      value={`${LIST_INTENT.askDelete}:${index}`}
      formNoValidate
      variant="link"
      aria-haspopup="dialog"
      aria-label={`${label} ${index + 1}`}
      onClick={(event) => {
        if (!list.kit.hydrated) return;
        event.preventDefault();
        list.askDelete(index);
      }}
    >
      {label}
    </Button>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
