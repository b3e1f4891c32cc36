import type { RiskAssessmentResult } from "@server/contracts/protocol-analysis";
import { useEffect, useState } from "react";
import {
  DeleteRowDialog,
  EditableListForm,
  UnsavedChangesGuard,
  useEditableList,
  type EditableList,
  type EditableRow,
} from "~/components/lists/EditableList";
import { ListFilter } from "~/components/lists/ListFilter";
import { ReviewList } from "~/components/lists/ReviewList";
import { InsertAgainDialog, InsertBar, InsertNotice } from "~/features/protocol-analysis/components/InsertControls";
import { currentValue, RiskRowFields, RowEvidence } from "~/features/protocol-analysis/components/RiskRowCard";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import type { InsertRecord, ResultsAnswer } from "~/features/protocol-analysis/results";
import { riskRowToForm, type RiskRowForm } from "~/features/protocol-analysis/risk-row-forms";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

export interface RowsEditorProps {
  companyId: string;
  studyName: string;
  result: RiskAssessmentResult;
  canInsert: boolean;
  answer: ResultsAnswer | undefined;
  /** By row key: whether its quote is on its cited page. */
  quoteChecks: Record<string, QuoteCheck>;
  /** The category filter of the address (`?category=`), "" for all. */
  category: string;
  draftHref: string | null;
  /** The last Insert in RACT of these rows, as the API records it (ADR 0042). */
  inserted: InsertRecord | null;
}

/**
 * The risk rows in the review layout (issue 24): a card per row, filtered by category, each with its evidence, and
 * Insert in RACT (001 §2 "Risk assessment results", §5). After an insert the rows stay as inserted.
 */
export function RowsEditor(props: RowsEditorProps) {
  const { t } = useTranslation();
  const { result, canInsert, answer } = props;
  const list = useEditableList<RiskRowForm>({
    id: "risk-rows",
    load: () =>
      import("~/features/protocol-analysis/risk-rows").then((m) => ({ schema: m.riskRowList, row: m.riskRow })),
    // The loaded copy: the rows as just inserted, else as the loader gives them (as last inserted, or the AI's rows).
    rows: answer?.kind === "inserted" ? answer.rows : (result.value ?? []).map(riskRowToForm),
    reply: answer?.reply ?? null,
  });
  const asked = answer?.kind === "reply" ? (answer.confirmInsert ?? null) : null;
  const inserted = asked ?? props.inserted ?? (answer?.kind === "inserted" ? answer.inserted : null);
  const [askAgain, setAskAgain] = useState(asked !== null);
  useEffect(() => setAskAgain(asked !== null), [asked]);
  const [category, setCategory] = useState(
    answer?.kind === "reply" && answer.category !== undefined ? answer.category : props.category,
  );
  useEffect(() => {
    if (answer?.kind === "reply" && answer.category !== undefined) setCategory(answer.category);
  }, [answer]);
  const hidden = (row: EditableRow<RiskRowForm>) => category !== "" && currentValue(row.fields.category) !== category;
  return (
    <section className="mt-6" aria-labelledby="rows-heading">
      <h2 id="rows-heading" className="text-lg font-semibold text-slate-900">
        {t("protocolAnalysis.results.rowsHeading")}
      </h2>
      <InsertNotice answer={answer} inserted={inserted} draftHref={props.draftHref} />
      <RowsFilter {...props} list={list} category={category} onChange={setCategory} hidden={hidden} />
      <EditableListForm list={list}>
        {canInsert ? <InsertBar list={list} inserted={inserted} onAskAgain={() => setAskAgain(true)} /> : null}
        {list.rows.length === 0 ? (
          <p className="text-slate-600" data-testid="rows-empty">
            {t("protocolAnalysis.results.empty")}
          </p>
        ) : (
          <ReviewList
            list={list}
            labelledBy="rows-heading"
            rowTestId="risk-row"
            label={(row) => t("protocolAnalysis.results.rowLabel", { number: row.index + 1 })}
            fields={(row) => <RiskRowFields row={row} formId={list.id} />}
            evidence={(row) => (
              <RowEvidence
                row={row}
                check={props.quoteChecks[currentValue(row.fields.key)]}
                href={`${appLinks.studyPage(props.companyId, props.studyName, "riskAssessment/evidence", {
                  id: result.id,
                  row: currentValue(row.fields.key),
                })}#quote`}
              />
            )}
            hidden={hidden}
          />
        )}
      </EditableListForm>
      <DeleteRowDialog list={list} />
      <InsertAgainDialog list={list} open={askAgain} inserted={inserted} onClose={() => setAskAgain(false)} />
      <UnsavedChangesGuard list={list} />
      <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="ai-caution">
        {t("protocolAnalysis.results.caution")}
      </p>
    </section>
  );
}

/** The category filter: the categories the rows have, and how many rows show. */
function RowsFilter({
  list,
  result,
  category,
  onChange,
  hidden,
}: RowsEditorProps & {
  list: EditableList<RiskRowForm>;
  onChange: (category: string) => void;
  hidden: (row: EditableRow<RiskRowForm>) => boolean;
}) {
  const { t } = useTranslation();
  if (list.rows.length === 0) return null;
  const categories = [...new Set([...list.rows.map((row) => currentValue(row.fields.category)), category])]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b));
  const shown = list.rows.filter((row) => !hidden(row)).length;
  return (
    <ListFilter
      name="category"
      label={t("protocolAnalysis.results.filterCategory")}
      options={categories.map((c) => ({ value: c, label: c }))}
      value={category}
      onChange={onChange}
      keep={{ id: result.id }}
      postForm={list.id}
      summary={t("protocolAnalysis.results.filterSummary", { shown, total: list.rows.length })}
    />
  );
}
