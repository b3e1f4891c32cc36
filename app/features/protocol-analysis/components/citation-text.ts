import type { RowCitation } from "@server/contracts/protocol-analysis";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A citation such as "p. 23 (printed 21), protocol §5.1, Overall Design" as the results page and the evidence page show it. A module of
 * its own, so that the evidence page's bundle carries no form fields.
 */
export function useCitationText() {
  const { t } = useTranslation();
  return (citation: RowCitation) => {
    const parts: string[] = [];
    if (citation.page !== null)
      parts.push(
        citation.printedPage
          ? t("protocolAnalysis.results.pagePrinted", { page: citation.page, printed: citation.printedPage })
          : t("protocolAnalysis.results.page", { page: citation.page }),
      );
    if (citation.section) parts.push(t("protocolAnalysis.results.section", { section: citation.section }));
    if (citation.sectionTitle && citation.sectionTitle !== citation.section) parts.push(citation.sectionTitle);
    return parts.join(", ");
  };
}
