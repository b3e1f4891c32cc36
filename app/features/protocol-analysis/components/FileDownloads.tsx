import type { FileReference } from "@server/contracts/protocol-analysis";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks } from "~/lib/links";

/** What a results page offers to download, by its label key under protocolAnalysis.results. */
export type DownloadEntry = readonly ["protocolFile" | "parsedFile" | "historyFile", FileReference | null];

/**
 * The files of an analysis request (001 §2, §6: a download link by file id and name): the submitted and the
 * recognised protocol, and a history file where the page has one. One section for both results pages.
 */
export function FileDownloads({
  files,
  companyId,
  studyName,
}: {
  files: readonly DownloadEntry[];
  companyId: string;
  studyName: string;
}) {
  const { t } = useTranslation();
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
