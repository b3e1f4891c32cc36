import type { ReactNode } from "react";
import { Spinner } from "./widgets/Spinner";

/**
 * Loading (000 §4.7). Remix counts requests for us: a navigation (page load or form post) is the global loading state,
 * shown by <NavigationProgress/> (./NavigationProgress.tsx, mounted once in app/root.tsx: every page's first visit
 * carries the bar, not the spinner); a fetcher's own state is partial loading, shown by
 * <BusyFieldset/>, which disables the buttons and inputs inside it and shows a spinner.
 */

/** Whether a fetcher (or anything with a state) is busy: the partial loading counter of 000 §4.7. */
export function useBusy(fetcher: { state: "idle" | "loading" | "submitting" }): boolean {
  return fetcher.state !== "idle";
}

export interface BusyFieldsetProps {
  /** True while the fetcher (or request) this part belongs to is busy: everything inside is disabled. */
  busy: boolean;
  /** The fieldset's legend; visually hidden unless `showLegend`. */
  legend?: ReactNode;
  showLegend?: boolean;
  className?: string;
  /** Where the spinner goes: after the content (default) or nowhere (the caller shows its own). */
  spinner?: "after" | "none";
  children: ReactNode;
}

/** Partial loading: a fieldset disabled while busy (buttons and inputs with it), with a spinner (000 §4.7). */
export function BusyFieldset({
  busy,
  legend,
  showLegend,
  className = "",
  spinner = "after",
  children,
}: BusyFieldsetProps) {
  return (
    <fieldset disabled={busy} aria-busy={busy} className={`min-w-0 ${className}`}>
      {legend ? <legend className={showLegend ? "mb-2 font-medium text-slate-800" : "sr-only"}>{legend}</legend> : null}
      {children}
      {busy && spinner === "after" ? <Spinner className="mt-2" /> : null}
    </fieldset>
  );
}
