import type { CtqResult } from "@server/contracts/protocol-analysis";
import { Button } from "~/components/forms/Button";
import { CheckboxField, TextField } from "~/components/forms/fields";
import {
  DeleteRowDialog,
  EditableListForm,
  UnsavedChangesGuard,
  useEditableList,
  type EditableList,
  type EditableRow,
} from "~/components/lists/EditableList";
import { GrowingTextarea, ReviewList } from "~/components/lists/ReviewList";
import {
  InsertConfirmDialog,
  InsertMenu,
  InsertSuccess,
  OverwriteDialog,
  useInsertState,
} from "~/features/ctq/components/CtqInsert";
import { CTQ_INTENT } from "~/features/ctq/insert";
import {
  CTQ_DETAILS_MAX,
  CTQ_TITLE_MAX,
  ctqRowToForm,
  currentValue,
  ctqItemsOf,
  type CtqList,
  type CtqRowForm,
} from "~/features/ctq/item-forms";
import type { CtqAnswer } from "~/features/ctq/results";
import { citationFromForm } from "~/features/protocol-analysis/citation";
import { CitationEvidence } from "~/features/protocol-analysis/components/CitationEvidence";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

type CtqEditableList = EditableList<CtqRowForm>;

export interface CtqListsProps {
  companyId: string;
  studyName: string;
  result: CtqResult;
  canInsert: boolean;
  studyHref: string | null;
  answer: CtqAnswer | undefined;
  /** Whether each item's quote is on its cited page, by item id (the loader's check). */
  quoteChecks: Record<string, QuoteCheck>;
  /** The Insert menu's place: the page's toolbar. */
  toolbar: (menu: React.ReactNode) => React.ReactNode;
}

const loadedRows = (result: CtqResult): CtqRowForm[] =>
  ctqItemsOf(result).map(({ list, item }) => ctqRowToForm(list, item));

/**
 * The two lists of a finished request on the review layout (001 §2 "CTQ results page"; issue 25): one form holds both,
 * so every post (insert, CSV, deletion without scripts) carries the edits of both; each list shows its own rows.
 */
export function CtqLists(props: CtqListsProps) {
  const { t } = useTranslation();
  const { result, answer, canInsert } = props;
  const list = useEditableList<CtqRowForm>({
    id: "ctq-lists",
    load: () => import("~/features/ctq/items").then((m) => ({ schema: m.ctqRowList, row: m.ctqRow })),
    rows: loadedRows(result),
    reply: answer?.reply ?? null,
  });
  const counts = {
    criticalProcesses: list.rows.filter((r) => currentValue(r.fields.list) === "criticalProcesses").length,
    criticalData: list.rows.filter((r) => currentValue(r.fields.list) === "criticalData").length,
  };
  const rationale = String(
    (answer?.reply.result.initialValue as { rationaleForChange?: unknown } | undefined)?.rationaleForChange ?? "",
  );
  const insert = useInsertState(answer?.insert, rationale);
  return (
    <>
      {canInsert ? props.toolbar(<InsertMenu list={list} counts={counts} state={insert} />) : null}
      {insert.view.success ? <InsertSuccess href={props.studyHref} list={list} onDismiss={insert.close} /> : null}
      <EditableListForm list={list} className="mt-6 space-y-8">
        <input type="hidden" name="id" value={result.id} />
        {(["criticalProcesses", "criticalData"] as const).map((name) => (
          <ListSection key={name} {...props} list={list} name={name} />
        ))}
      </EditableListForm>
      <DeleteRowDialog list={list} />
      {canInsert ? (
        <>
          <InsertConfirmDialog list={list} state={insert} />
          <OverwriteDialog list={list} state={insert} />
        </>
      ) : null}
      <UnsavedChangesGuard list={list} />
      {counts.criticalProcesses + counts.criticalData > 0 ? (
        <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800" data-testid="ai-caution">
          {t("ctq.results.caution")}
        </p>
      ) : null}
    </>
  );
}

/** One list: its heading, CSV and history file, the cards, or the empty text (001 §2). */
function ListSection({
  list,
  name,
  result,
  companyId,
  studyName,
  quoteChecks,
}: CtqListsProps & { list: CtqEditableList; name: CtqList }) {
  const { t } = useTranslation();
  const rows = list.rows.filter((row) => currentValue(row.fields.list) === name);
  const history = (name === "criticalProcesses" ? result.criticalProcessesResult : result.criticalDataResult)
    .historyFile;
  const headingId = `${name}-heading`;
  return (
    <section aria-labelledby={headingId} data-testid={`ctq-${name}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t(`ctq.results.${name}.heading`)}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <CsvButton
            list={list}
            name={name}
            action={appLinks.studyPage(companyId, studyName, "ctqf/upload", { csv: name })}
          />
          {history ? (
            <a
              href={appLinks.studyPage(companyId, studyName, `riskAssessment/file/${encodeURIComponent(history.id)}`)}
              download={history.name}
              className="text-brand-700 underline underline-offset-2"
              data-testid={`history-${name}`}
            >
              {t("ctq.results.historyFile")}
            </a>
          ) : null}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-slate-600" data-testid={`empty-${name}`}>
          {t(`ctq.results.${name}.empty`)}
        </p>
      ) : (
        <ReviewList
          list={{ ...list, rows }}
          labelledBy={headingId}
          rowTestId={`ctq-row-${name}`}
          label={(row) => t(`ctq.results.${name}.rowLabel`, { number: rows.indexOf(row) + 1 })}
          fields={(row) => <CtqRowFields row={row} formId={list.id} name={name} />}
          evidence={(row) => (
            <CitationEvidence
              citation={citationFromForm(currentValue(row.fields.citation))}
              check={quoteChecks[currentValue(row.fields.id)]}
              href={`${appLinks.studyPage(companyId, studyName, "ctqf/evidence", {
                id: result.id,
                item: currentValue(row.fields.id),
              })}#quote`}
            />
          )}
        />
      )}
    </section>
  );
}

/** A CSV of the list as edited (001 §9): a post of the whole form to …/ctqf/csv; with scripts fetched and saved. */
function CsvButton({ list, name, action }: { list: CtqEditableList; name: CtqList; action: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      form={list.id}
      name="intent"
      value={`${CTQ_INTENT.csv}:${name}`}
      formAction={action}
      formMethod="post"
      data-testid={`csv-${name}`}
      onClick={(event) => {
        if (!list.kit.hydrated) return;
        event.preventDefault();
        const form = document.forms.namedItem(list.id);
        // The download's code is loaded on the click (the page's first-visit budget, ADR 0050).
        if (form) {
          const intent = event.currentTarget.value;
          void import("~/features/ctq/csv-download").then((m) => m.downloadCsv(form, action, intent, name));
        }
      }}
    >
      {t("ctq.results.csv")}
    </Button>
  );
}

/** An item's fields: title (required), details; a datum also Is Critical? The id, list and citation ride hidden. */
function CtqRowFields({ row, formId, name }: { row: EditableRow<CtqRowForm>; formId: string; name: CtqList }) {
  const { t } = useTranslation();
  return (
    <>
      {(["id", "list", "citation"] as const).map((field) => (
        <input
          key={field}
          type="hidden"
          name={row.fields[field].name}
          defaultValue={currentValue(row.fields[field])}
          form={formId}
        />
      ))}
      <TextField
        field={row.fields.title}
        label={t(`ctq.results.${name}.title`)}
        required
        maxLength={CTQ_TITLE_MAX}
        className="md:col-span-2"
      />
      <GrowingTextarea
        field={row.fields.details}
        label={t(`ctq.results.${name}.details`)}
        maxLength={CTQ_DETAILS_MAX}
        className="md:col-span-2"
      />
      {name === "criticalData" ? (
        <CheckboxField field={row.fields.isCritical} label={t("ctq.results.isCritical")} />
      ) : null}
    </>
  );
}
