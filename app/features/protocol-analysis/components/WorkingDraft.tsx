import type { RactDraftItem } from "@server/contracts/protocol-analysis";
import { ColumnHeads, UtcMinute } from "~/features/protocol-analysis/components/table";
import { useTranslation } from "~/lib/i18n-react";

/** The study's RACT working draft, read-only (issue 15). */
export function WorkingDraft({ items }: { items: RactDraftItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("protocolAnalysis.draft.title")}</h1>
      <p className="mt-1 text-slate-600">{t("protocolAnalysis.draft.intro")}</p>
      {items.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="draft-empty">
          {t("protocolAnalysis.draft.empty")}
        </p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left text-sm">
          <caption className="sr-only">{t("protocolAnalysis.draft.title")}</caption>
          <thead>
            <ColumnHeads
              labels={[
                t("protocolAnalysis.results.category"),
                t("protocolAnalysis.results.question"),
                t("protocolAnalysis.results.statementIf"),
                t("protocolAnalysis.results.statementDueTo"),
                t("protocolAnalysis.results.statementThen"),
                t("protocolAnalysis.draft.inserted"),
              ]}
            />
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100 align-top" data-testid="draft-row">
                <td className="py-2 pr-3">{item.category}</td>
                <td className="py-2 pr-3">{item.question}</td>
                <td className="py-2 pr-3">{item.statementIf}</td>
                <td className="py-2 pr-3">{item.statementDueTo}</td>
                <td className="py-2 pr-3">{item.statementThen}</td>
                <td className="py-2">
                  <UtcMinute iso={item.createdAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
