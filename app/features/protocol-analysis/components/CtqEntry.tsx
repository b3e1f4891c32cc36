import { useId } from "react";
import { AppLink } from "~/components/AppLink";
import { buttonClass } from "~/components/forms/Button";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks, type Destination } from "~/lib/links";

/**
 * A button to CTQ identification (Generate CTQ, Ask AI; 001 §2): a link when the page exists and the user may start
 * it; otherwise shown disabled, and when the page is still to come it says so in words beside it, as the header's
 * entries do (issue 24, defect 4). Never a link to a page that does not exist.
 */
export function CtqButton({
  to,
  allowed,
  label,
  newTab,
  testId,
}: {
  to: Destination;
  allowed: boolean;
  label: string;
  newTab?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  if (allowed && to.href !== undefined) {
    return (
      <AppLink to={to.href} newTab={newTab} className={buttonClass("primary")} data-testid={testId}>
        {label}
      </AppLink>
    );
  }
  const notYet = to.unavailable !== undefined;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        role="link"
        aria-disabled="true"
        aria-describedby={notYet ? reasonId : undefined}
        className={`${buttonClass("primary")} pointer-events-none opacity-50`}
        data-testid={testId}
      >
        {label}
      </span>
      {notYet ? (
        <span id={reasonId} className="text-sm text-slate-600" data-testid={testId ? `${testId}-reason` : undefined}>
          {t(`menus.unavailable.${to.unavailable}`)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The study CP&CD page's way into the AI (001 §2, §6; issue 24): Ask AI for whoever may start CTQ identification,
 * and the Protocol Analysis Tool's landing page; nothing when the company has the tool off.
 */
export function CpcdAiEntry({
  companyId,
  studyName,
  ctq,
  canAskAi,
  toolEnabled,
}: {
  companyId: string;
  studyName: string;
  ctq: Destination;
  canAskAi: boolean;
  /** The company setting isProtocolAnalysisToolAEnabled (001 §6). */
  toolEnabled: boolean;
}) {
  const { t } = useTranslation();
  if (!toolEnabled) return null;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="cpcd-ai">
      {canAskAi ? <CtqButton to={ctq} allowed label={t("cpcd.askAi")} newTab testId="cpcd-ask-ai" /> : null}
      <AppLink
        to={appLinks.studyPage(companyId, studyName, "protocolAnalysisTool")}
        className="text-brand-700 underline underline-offset-2"
        data-testid="cpcd-protocol-analysis"
      >
        {t("protocolAnalysis.title")}
      </AppLink>
    </div>
  );
}
