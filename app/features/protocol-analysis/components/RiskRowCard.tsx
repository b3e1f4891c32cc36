import { RISK_CATEGORIES } from "@server/contracts/risk-categories";
import { SelectField } from "~/components/forms/fields";
import type { EditableRow } from "~/components/lists/EditableList";
import { GrowingTextarea } from "~/components/lists/ReviewList";
import { citationFromForm } from "~/features/protocol-analysis/citation";
import { CitationEvidence } from "~/features/protocol-analysis/components/CitationEvidence";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import type { RiskRowForm } from "~/features/protocol-analysis/risk-rows";
import { useTranslation } from "~/lib/i18n-react";

type RiskRow = EditableRow<RiskRowForm>;

const STATEMENTS = ["question", "statementIf", "statementDueTo", "statementThen"] as const;

/** A field's value as the form has it now (what the user typed), else as loaded. */
export const currentValue = (field: { value?: unknown; initialValue?: unknown }) =>
  String(field.value ?? field.initialValue ?? "");

/** A risk row's fields in its card: the category, then the question and the three statement parts, full width. */
export function RiskRowFields({ row, formId }: { row: RiskRow; formId: string }) {
  const { t } = useTranslation();
  const category = currentValue(row.fields.category);
  const known = (RISK_CATEGORIES as readonly string[]).includes(category);
  const options = [
    ...RISK_CATEGORIES.map((c) => ({ value: c, label: c })),
    ...(category && !known
      ? [{ value: category, label: t("protocolAnalysis.results.unknownCategory", { category }) }]
      : []),
  ];
  return (
    <>
      {/* The key and the citation ride in every post: the citation is shown, not edited. */}
      <input type="hidden" name={row.fields.key.name} defaultValue={currentValue(row.fields.key)} form={formId} />
      <input
        type="hidden"
        name={row.fields.citation.name}
        defaultValue={currentValue(row.fields.citation)}
        form={formId}
      />
      <SelectField
        field={row.fields.category}
        label={t("protocolAnalysis.results.category")}
        options={options}
        required
        className="md:col-span-2 md:max-w-md"
      />
      {STATEMENTS.map((name) => (
        <GrowingTextarea
          key={name}
          field={row.fields[name]}
          label={t(`protocolAnalysis.results.${name}`)}
          trim
          required
          maxLength={4000}
        />
      ))}
    </>
  );
}

/** Under the row: its citation with the link to its evidence, the quote, and whether the quote is on its page. */
export function RowEvidence({ row, check, href }: { row: RiskRow; check: QuoteCheck | undefined; href: string }) {
  return <CitationEvidence citation={citationFromForm(currentValue(row.fields.citation))} check={check} href={href} />;
}
