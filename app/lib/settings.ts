import { isRouteErrorResponse, useRouteLoaderData } from "@remix-run/react";
import type { Settings } from "@server/contracts/settings";

export const NG_LAYOUT_ROUTE_ID = "routes/ng+/_layout";
export const COMPANY_LAYOUT_ROUTE_ID = "routes/ng+/companies+/$companyId+/_layout";
export const STUDY_LAYOUT_ROUTE_ID = "routes/ng+/companies+/$companyId+/studies+/$studyName+/_layout";

/** The settings the /ng/ layout loaded; null when the API could not be reached. */
export function useSettings(): Settings | null {
  const data = useRouteLoaderData<{ settings: Settings | null }>(NG_LAYOUT_ROUTE_ID);
  return data?.settings ?? null;
}

/** The page title: the product title, then " - " and the page name when there is one (000 §2.6). */
export function pageTitle(
  settings: Pick<Settings, "productNameHtmlTitle"> | null | undefined,
  pageName?: string | null,
): string {
  const product = settings?.productNameHtmlTitle ?? "RBQM Studio";
  return pageName ? `${product} - ${pageName}` : product;
}

type MatchWithData = { id: string; data: unknown };

/** The settings from a meta function's matches. */
export function settingsFromMatches(matches: readonly MatchWithData[]): Settings | null {
  const layout = matches.find((match) => match.id === NG_LAYOUT_ROUTE_ID);
  return (layout?.data as { settings: Settings | null } | undefined)?.settings ?? null;
}

/**
 * The title of a page whose loader failed: the product title and the error's page name ("Page not found"), from the
 * /ng/ layout's data. Every route's meta uses it when it is given an error.
 */
export function errorPageTitle(matches: readonly MatchWithData[], error: unknown): string {
  const layout = matches.find((match) => match.id === NG_LAYOUT_ROUTE_ID)?.data as
    { settings: Settings | null; errorTitles?: Record<string, string> } | undefined;
  const status = isRouteErrorResponse(error) ? String(error.status) : "other";
  const name = layout?.errorTitles?.[status] ?? layout?.errorTitles?.other;
  return pageTitle(layout?.settings, name);
}

/** A route's meta: its page title, or the error page's when its loader failed. */
export function pageMeta(args: { matches: readonly MatchWithData[]; error?: unknown }, pageName?: string | null) {
  return [
    {
      title: args.error
        ? errorPageTitle(args.matches, args.error)
        : pageTitle(settingsFromMatches(args.matches), pageName),
    },
  ];
}
