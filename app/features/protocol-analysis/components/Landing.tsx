import { Link } from "@remix-run/react";
import type { AnalysisRequestSummary } from "@server/contracts/protocol-analysis";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/forms/Button";
import { PageNotice } from "~/components/widgets/ResultAlert";
import { CtqButton } from "~/features/protocol-analysis/components/CtqEntry";
import { Elapsed, RefreshLink } from "~/features/protocol-analysis/components/LiveStatus";
import { ColumnHeads, UtcMinute } from "~/features/protocol-analysis/components/table";
import { isRunning, useLiveRevalidation } from "~/features/protocol-analysis/live";
import { useTranslation } from "~/lib/i18n-react";
import type { Destination } from "~/lib/links";

export interface LandingProps {
  canRisk: boolean;
  canCtq: boolean;
  /** Where Generate CTQ leads, or why it cannot yet (issue 24, defect 4). */
  ctq: Destination;
  complexityToolUrl: string | null;
  recent: AnalysisRequestSummary[];
  showRecent: boolean;
  /** The server's clock at this load: the elapsed time of running requests. */
  now: string;
}

function Illustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 240 120" role="img" aria-label={label} className="h-32 w-full max-w-md text-brand-600">
      <rect x="10" y="15" width="60" height="90" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
      {[30, 45, 60, 75].map((y) => (
        <line key={y} x1="20" y1={y} x2="60" y2={y} stroke="currentColor" strokeWidth="3" />
      ))}
      {[100, 145, 190].map((x, i) => (
        <g key={x}>
          <circle cx={x + 20} cy="60" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
          <text x={x + 20} y="66" textAnchor="middle" fontSize="16" fill="currentColor">
            {i + 1}
          </text>
          <line x1={x - 20} y1="60" x2={x} y2="60" stroke="currentColor" strokeWidth="3" />
        </g>
      ))}
    </svg>
  );
}

/** The landing page (001 §1, §2, §6): three steps and an illustration, and the study's recent requests. */
export function Landing(data: LandingProps) {
  const { t } = useTranslation();
  const noAccess = !data.canRisk || !data.canCtq;
  const disabledClass = `${buttonClass("primary")} pointer-events-none opacity-50`;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t("protocolAnalysis.title")}</h1>
      <p className="mt-1 text-slate-600">{t("protocolAnalysis.landing.intro")}</p>
      {noAccess ? (
        <PageNotice type="danger" role="alert" className="mt-4" data-testid="no-access">
          {t("protocolAnalysis.landing.noAccess")}
        </PageNotice>
      ) : null}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_1fr_1fr]">
        <StepCard
          number={1}
          title={t("protocolAnalysis.landing.step1Title")}
          text={t("protocolAnalysis.landing.step1Text")}
        >
          {data.complexityToolUrl ? (
            <a
              href={data.complexityToolUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("primary")}
            >
              {t("protocolAnalysis.landing.step1Button")}
              <span className="sr-only"> {t("protocolAnalysis.landing.newTab")}</span>
            </a>
          ) : (
            <p className="text-sm text-slate-600">{t("protocolAnalysis.landing.step1Missing")}</p>
          )}
        </StepCard>
        <StepCard
          number={2}
          title={t("protocolAnalysis.landing.step2Title")}
          text={t("protocolAnalysis.landing.step2Text")}
        >
          <CtqButton to={data.ctq} allowed={data.canCtq} label={t("protocolAnalysis.landing.step2Button")} />
        </StepCard>
        <StepCard
          number={3}
          title={t("protocolAnalysis.landing.step3Title")}
          text={t("protocolAnalysis.landing.step3Text")}
        >
          {data.canRisk ? (
            <Link to="../riskAssessment/identification" relative="path" className={buttonClass("primary")}>
              {t("protocolAnalysis.landing.step3Button")}
            </Link>
          ) : (
            <span role="link" aria-disabled="true" className={disabledClass}>
              {t("protocolAnalysis.landing.step3Button")}
            </span>
          )}
        </StepCard>
      </div>
      <div className="mt-6 flex justify-center">
        <Illustration label={t("protocolAnalysis.landing.illustration")} />
      </div>
      {data.showRecent ? <RecentRequests items={data.recent} now={data.now} /> : null}
    </div>
  );
}

function StepCard({
  number,
  title,
  text,
  children,
}: {
  number: number;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `step-${number}`;
  return (
    <section
      aria-labelledby={id}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"
      data-testid={id}
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700">
        {t("protocolAnalysis.landing.step", { number })}
      </p>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="flex-1 text-slate-700">{text}</p>
      <div>{children}</div>
    </section>
  );
}

function RecentRequests({ items, now }: { items: AnalysisRequestSummary[]; now: string }) {
  const { t } = useTranslation();
  const running = items.some((item) => isRunning(item.state));
  // Issue 24: while one runs, the list follows it (scripts) or offers a refresh (no scripts).
  useLiveRevalidation(running);
  return (
    <section className="mt-8" aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
        {t("protocolAnalysis.landing.recentTitle")}
      </h2>
      {running ? (
        <p className="mt-1 text-sm text-slate-700">
          <RefreshLink />
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-2 text-slate-600">{t("protocolAnalysis.landing.recentEmpty")}</p>
      ) : (
        <table className="mt-2 w-full border-collapse text-left text-sm">
          <thead>
            <ColumnHeads
              labels={[
                t("protocolAnalysis.landing.recentKind"),
                t("protocolAnalysis.landing.recentFile"),
                t("protocolAnalysis.landing.recentRequester"),
                t("protocolAnalysis.landing.recentTime"),
                t("protocolAnalysis.landing.recentState"),
              ]}
              hidden={t("protocolAnalysis.landing.openResults")}
            />
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-100" data-testid="recent-request">
                <td className="py-2 pr-3">
                  {t(
                    item.kind === "ctqIdentification"
                      ? "ctq.landing.kind"
                      : "protocolAnalysis.landing.kindRiskAssessment",
                  )}
                </td>
                <td className="py-2 pr-3">{item.fileName}</td>
                <td className="py-2 pr-3">{item.requestedBy}</td>
                <td className="py-2 pr-3">
                  <UtcMinute iso={item.requestedAt} />
                </td>
                <td className="py-2 pr-3" data-testid="recent-state">
                  {t(`protocolAnalysis.states.${item.state}`)}
                  {isRunning(item.state) ? (
                    <span className="block text-slate-600">
                      <Elapsed since={item.requestedAt} now={now} />
                    </span>
                  ) : null}
                </td>
                <td className="py-2">
                  <Link
                    to={`../${item.kind === "ctqIdentification" ? "ctqf" : "riskAssessment"}/results?id=${encodeURIComponent(item.id)}`}
                    relative="path"
                    className="text-brand-700 underline underline-offset-2"
                    aria-label={t("protocolAnalysis.landing.openResultsOf", { file: item.fileName })}
                  >
                    {t("protocolAnalysis.landing.openResults")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
