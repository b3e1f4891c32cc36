/**
 * The header's navigation as the page receives it (000 §2.6): plain data and the badge's text, safe for the browser.
 * The permission addresses that decide it are built on the server (navigation.server.ts).
 */
export interface NavContext {
  companyId: string;
  study?: { studyName: string; internalStudyId: string } | null;
  /** The company setting isProtocolAnalysisToolAEnabled (001 §6). */
  protocolAnalysisEnabled: boolean;
  helpUrl: string | null;
  kriWikiUrl: string | null;
  studyDesignerUrl: string | null;
  /** LEGACY_BASE_URL: where the classic application's pages are, or null when this deployment has none. */
  legacyBaseUrl?: string | null;
}

export interface NavLink {
  id: string;
  /** A key under "nav" in locales/deven.json. */
  label: string;
  /** Where it leads; absent when `unavailable`. */
  href?: string;
  newTab?: boolean;
  /** Shown, but leads nowhere in this deployment: a classic page without LEGACY_BASE_URL, or a page still to come. */
  unavailable?: "classic" | "notYet";
}

export interface NavMenu {
  id: string;
  label: string;
  items: NavLink[];
}

export type TopEntry = ({ kind: "link" } & NavLink) | ({ kind: "menu" } & NavMenu);

export interface Nav {
  /** The company or study top menu. */
  top: TopEntry[];
  settings: NavLink[];
  help: NavLink[];
  /** The user menu's permission-gated entries (My Account and Log Out are always there). */
  user: NavLink[];
  /** The footer's version link, when permitted. */
  versionHref: string | null;
}

/** The notification badge's text: hidden at 0, capped at "99+" (000 §2.6, §9). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? "99+" : String(Math.floor(count));
}
