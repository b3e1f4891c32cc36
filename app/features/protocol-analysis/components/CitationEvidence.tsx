import type { RowCitation } from "@server/contracts/protocol-analysis";
import { useCitationText } from "~/features/protocol-analysis/components/citation-text";
import type { QuoteCheck } from "~/features/protocol-analysis/evidence";
import { useTranslation } from "~/lib/i18n-react";

/**
 * Under a risk row or a CTQ item: its citation, a link to the recognised protocol at that page with the quote marked
 * (a new tab, so that the edits here stay), the quote, and a warning when the quote is not on its page.
 */
export function CitationEvidence({
  citation,
  check,
  href,
}: {
  citation: RowCitation | null;
  check: QuoteCheck | undefined;
  href: string;
}) {
  const { t } = useTranslation();
  const citationText = useCitationText();
  if (!citation) return <p data-testid="row-citation">{t("protocolAnalysis.results.noCitation")}</p>;
  return (
    <div data-testid="row-citation">
      <p>
        <span className="font-medium">{t("protocolAnalysis.results.citation")}: </span>
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline underline-offset-2"
          data-testid="evidence-link"
        >
          {citationText(citation) || t("protocolAnalysis.results.citation")}
          <span className="sr-only"> ({t("protocolAnalysis.evidence.opensInNewTab")})</span>
        </a>
      </p>
      <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-slate-700">
        <q>{citation.quote}</q>
      </blockquote>
      {check && !check.found ? (
        <p className="mt-1 font-medium text-amber-900" data-testid="quote-not-found">
          {check.elsewhere !== null
            ? t("protocolAnalysis.results.quoteElsewhere", { page: check.elsewhere })
            : t("protocolAnalysis.results.quoteNotFound")}
        </p>
      ) : null}
    </div>
  );
}
