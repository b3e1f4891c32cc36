import { useRouteLoaderData } from "@remix-run/react";
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
export function pageTitle(settings: Pick<Settings, "productNameHtmlTitle"> | null | undefined, pageName?: string | null): string {
  const product = settings?.productNameHtmlTitle ?? "RBQM Studio";
  return pageName ? `${product} - ${pageName}` : product;
}

type MatchWithData = { id: string; data: unknown };

/** The settings from a meta function's matches. */
export function settingsFromMatches(matches: readonly MatchWithData[]): Settings | null {
  const layout = matches.find((match) => match.id === NG_LAYOUT_ROUTE_ID);
  return (layout?.data as { settings: Settings | null } | undefined)?.settings ?? null;
}
