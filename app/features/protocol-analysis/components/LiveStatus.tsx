import { Link, useLocation } from "@remix-run/react";
import type { AnalysisStage, AnalysisState } from "@server/contracts/protocol-analysis";
import { PageNotice } from "~/components/widgets/ResultAlert";
import {
  elapsedSeconds,
  formatElapsed,
  isRunning,
  progressStep,
  PROGRESS_STEPS,
  useLiveRevalidation,
} from "~/features/protocol-analysis/live";
import { useTranslation } from "~/lib/i18n-react";

/** "Running for 3 min 05 s", from the server's clock at the page's last load. */
export function Elapsed({ since, now }: { since: string; now: string }) {
  const { t } = useTranslation();
  const { key, values } = formatElapsed(elapsedSeconds(since, now));
  return (
    <span data-testid="elapsed">
      {t("protocolAnalysis.live.elapsed", { time: t(`protocolAnalysis.live.${key}`, values) })}
    </span>
  );
}

/** Reloads this very page: the refresh without scripts (a plain GET link), and a manual one with them. */
export function RefreshLink() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link
      to={`${location.pathname}${location.search}`}
      className="font-medium underline underline-offset-2"
      data-testid="refresh"
      preventScrollReset
    >
      {t("protocolAnalysis.live.refresh")}
    </Link>
  );
}

/** The four steps, the current one marked (issue 24: a plain progress from the job's state and stage). */
function Steps({ state, stage }: { state: AnalysisState; stage: AnalysisStage | null }) {
  const { t } = useTranslation();
  const current = PROGRESS_STEPS.indexOf(progressStep(state, stage));
  return (
    <ol className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t("protocolAnalysis.live.progress")}>
      {PROGRESS_STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === current ? "step" : undefined}
          className={i === current ? "font-semibold" : i < current ? "" : "opacity-80"}
          data-testid={i === current ? "current-step" : undefined}
        >
          {i < current ? "✓ " : `${i + 1}. `}
          {t(`protocolAnalysis.live.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

/**
 * A running request on its results page (001 §2 "Risk assessment results": the in-progress warning; issue 24): the warning, the step it is at,
 * how long it has run, and a refresh; with scripts the page follows it by itself until it ends.
 */
export function LiveStatus({
  state,
  stage,
  requestedAt,
  now,
}: {
  state: AnalysisState;
  stage: AnalysisStage | null;
  requestedAt: string;
  now: string;
}) {
  const { t } = useTranslation();
  useLiveRevalidation(isRunning(state));
  return (
    <div className="mt-6" data-testid="in-progress">
      <PageNotice type="warning" role="status" as="div">
        <p>{t("protocolAnalysis.results.inProgress")}</p>
        <Steps state={state} stage={stage} />
      </PageNotice>
      {/* Outside the status region: the time changes at every load and is not news to announce. */}
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-slate-700">
        <Elapsed since={requestedAt} now={now} />
        <RefreshLink />
      </p>
    </div>
  );
}
