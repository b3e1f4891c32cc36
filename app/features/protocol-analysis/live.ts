import { useRevalidator } from "@remix-run/react";
import type { AnalysisStage, AnalysisState } from "@server/contracts/protocol-analysis";
import { useEffect } from "react";

/** How often a page with a running request asks again (issue 24, live status). */
export const LIVE_INTERVAL_MS = 2000;

export const isRunning = (state: AnalysisState) => state === "New" || state === "InProgress";

/**
 * With scripts, while `active` the page's loaders run again every LIVE_INTERVAL_MS (Remix revalidation: the same data
 * the server renders), in a visible tab only; it stops by itself once nothing is running any more.
 */
export function useLiveRevalidation(active: boolean): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = window.setTimeout(() => {
      if (document.visibilityState === "visible") revalidate();
    }, LIVE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [active, state, revalidate]);
}

/** The plain progress of a request (issue 24): where it is, in four steps. */
export const PROGRESS_STEPS = ["queued", "reading", "analysing", "done"] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

export function progressStep(state: AnalysisState, stage: AnalysisStage | null = null): ProgressStep {
  if (state === "New") return "queued";
  if (state === "InProgress") return stage ?? "reading";
  return "done";
}

/** Whole seconds from `fromIso` to `nowIso` (both the server's clock), never negative. */
export function elapsedSeconds(fromIso: string, nowIso: string): number {
  return Math.max(0, Math.floor((Date.parse(nowIso) - Date.parse(fromIso)) / 1000));
}

/** "42 s", "3 min 05 s", "1 h 02 min": the elapsed time in words the page shows. */
export function formatElapsed(seconds: number): {
  key: "seconds" | "minutes" | "hours";
  values: Record<string, string>;
} {
  const pad = (n: number) => String(n).padStart(2, "0");
  if (seconds < 60) return { key: "seconds", values: { s: String(seconds) } };
  if (seconds < 3600) return { key: "minutes", values: { m: String(Math.floor(seconds / 60)), s: pad(seconds % 60) } };
  return { key: "hours", values: { h: String(Math.floor(seconds / 3600)), m: pad(Math.floor((seconds % 3600) / 60)) } };
}
