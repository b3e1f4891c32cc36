import type { RiskAssessmentResult, RowCitation } from "@server/contracts/protocol-analysis";
import { RISK_CATEGORIES } from "@server/contracts/risk-categories";
import { useState } from "react";
import { Button } from "~/components/forms/Button";
import { SelectField, TextareaField } from "~/components/forms/fields";
import { DeleteRowDialog, EditableListForm, useEditableList } from "~/components/lists/EditableList";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { ColumnHeads } from "~/features/protocol-analysis/components/table";
import type { ResultsAnswer } from "~/features/protocol-analysis/results";
import {
  citationFromForm,
  riskRow,
  riskRowList,
  riskRowToForm,
  type RiskRowForm,
} from "~/features/protocol-analysis/risk-rows";
import { LIST_INTENT } from "~/lib/forms/list";
import { useTranslation } from "~/lib/i18n-react";

type RiskRowList = ReturnType<typeof useEditableList<RiskRowForm>>;
type RowState = RiskRowList["rows"][number];
type Columns = Record<"category" | "question" | "statementIf" | "statementDueTo" | "statementThen", string>;

const STATEMENTS = ["question", "statementIf", "statementDueTo", "statementThen"] as const;

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

/** The risk rows, editable, and Insert in RACT (001 §2 "Risk assessment results", §5). */
export function RowsEditor({
  result,
  canInsert,
  answer,
}: {
  result: RiskAssessmentResult;
  canInsert: boolean;
  answer: ResultsAnswer | undefined;
}) {
  const { t } = useTranslation();
  const list = useEditableList<RiskRowForm>({
    id: "risk-rows",
    schema: riskRowList,
    row: riskRow,
    rows: (result.value ?? []).map(riskRowToForm),
    reply: answer?.kind === "reply" ? answer.reply : null,
  });
  return (
    <section className="mt-6" aria-labelledby="rows-heading">
      <h2 id="rows-heading" className="sr-only">
        {t("protocolAnalysis.results.title")}
      </h2>
      <InsertNotices answer={answer} hydrated={list.kit.hydrated} />
      <EditableListForm list={list}>
        {canInsert ? <InsertBar list={list} /> : null}
        {list.rows.length === 0 ? (
          <p className="text-slate-600" data-testid="rows-empty">
            {t("protocolAnalysis.results.empty")}
          </p>
        ) : (
          <RowsTable list={list} />
        )}
      </EditableListForm>
      <DeleteRowDialog list={list} />
      <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="ai-caution">
        {t("protocolAnalysis.results.caution")}
      </p>
    </section>
  );
}

/** After Insert in RACT: the rows are in the working draft (with its link), or why not. */
function InsertNotices({ answer, hydrated }: { answer: ResultsAnswer | undefined; hydrated: boolean }) {
  const { t } = useTranslation();
  const [insertDismissed, setInsertDismissed] = useState(false);
  if (answer?.kind === "insertFailed") {
    return (
      <PageNotice type="danger" role="alert" className="mb-4">
        {t("protocolAnalysis.results.insertFailed", { detail: answer.detail })}
      </PageNotice>
    );
  }
  if (answer?.kind !== "inserted" || insertDismissed) return null;
  return (
    <PageNotice type="success" role="status" as="div" className="mb-4" data-testid="insert-success">
      <p className="font-semibold">{t("protocolAnalysis.results.insertSuccess")}</p>
      <a
        href={answer.draftHref}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 underline underline-offset-2"
      >
        {t("protocolAnalysis.results.insertSuccessLink")}
      </a>
      {hydrated ? (
        <Button variant="link" className="ml-4" onClick={() => setInsertDismissed(true)}>
          {t("protocolAnalysis.identification.dismiss")}
        </Button>
      ) : null}
    </PageNotice>
  );
}

function InsertBar({ list }: { list: RiskRowList }) {
  const { t } = useTranslation();
  const hasErrors = list.kit.hydrated && list.kit.valid === false;
  return (
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
  );
}

function RowsTable({ list }: { list: RiskRowList }) {
  const { t } = useTranslation();
  const columns: Columns = {
    category: t("protocolAnalysis.results.category"),
    question: t("protocolAnalysis.results.question"),
    statementIf: t("protocolAnalysis.results.statementIf"),
    statementDueTo: t("protocolAnalysis.results.statementDueTo"),
    statementThen: t("protocolAnalysis.results.statementThen"),
  };
  return (
    <table className="w-full border-collapse text-left text-sm" aria-labelledby="rows-heading">
      <thead>
        <ColumnHeads
          labels={[...Object.values(columns), t("protocolAnalysis.results.citation")]}
          hidden={t("protocolAnalysis.results.actions")}
        />
      </thead>
      <tbody>
        {list.rows.map((row) => (
          <RiskRowLine key={row.key} list={list} row={row} columns={columns} />
        ))}
      </tbody>
    </table>
  );
}

function RiskRowLine({ list, row, columns }: { list: RiskRowList; row: RowState; columns: Columns }) {
  const { t } = useTranslation();
  const citationText = useCitationText();
  const category = String(row.fields.category.value ?? row.fields.category.initialValue ?? "");
  const known = (RISK_CATEGORIES as readonly string[]).includes(category);
  const options = [
    ...RISK_CATEGORIES.map((c) => ({ value: c, label: c })),
    ...(category && !known
      ? [{ value: category, label: t("protocolAnalysis.results.unknownCategory", { category }) }]
      : []),
  ];
  const citation = citationFromForm(String(row.fields.citation.value ?? row.fields.citation.initialValue ?? ""));
  const cell = (column: string) => `${column} (${t("protocolAnalysis.results.rowLabel", { number: row.index + 1 })})`;
  return (
    <tr className="border-b border-slate-100 align-top" data-testid="risk-row">
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
        <SelectField field={row.fields.category} label={cell(columns.category)} hideLabel options={options} required />
      </td>
      {STATEMENTS.map((name) => (
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
}

function DeleteButton({ list, index, label }: { list: RiskRowList; index: number; label: string }) {
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
