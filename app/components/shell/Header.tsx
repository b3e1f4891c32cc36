import { Form, Link } from "@remix-run/react";
import { useCallback, useState, type CSSProperties } from "react";
import { AppLink } from "~/components/AppLink";
import { CompanyLogo } from "~/components/CompanyLogo";
import { ServerFragment } from "~/components/ServerFragment";
import { useTranslation } from "~/lib/i18n-react";
import { appLinks, destination, legacyLinks } from "~/lib/links";
import { badgeText, type Nav, type NavLink } from "~/lib/nav";
import { useSettings } from "~/lib/settings";
import type { ShellUser, StudyMenuEntry } from "~/lib/shell";
import { loadKeys, Menu, type MenuEntry } from "./Menu";

export interface HeaderProps {
  companyId: string;
  nav: Nav;
  user: ShellUser;
  notificationCount: number;
  studies: StudyMenuEntry[];
  /** The current study, at study level. */
  study?: { studyName: string; displayId: string; isRetired: boolean } | null;
}

export const LOGOUT_FORM_ID = "shell-logout";

/** Menu entries for navigation links: labelled by id. */
function useMenuLinks() {
  const { t } = useTranslation();
  return (list: NavLink[]): MenuEntry[] =>
    list.map((item) => ({
      key: item.id,
      label: t(`nav.${item.id}`),
      href: item.href,
      newTab: item.newTab,
      unavailable: item.unavailable,
      testId: `nav-${item.id}`,
    }));
}

/**
 * The application header (000 §2.6): every entry shown only when permitted. On a narrow screen the top menu folds
 * into one "Menu" and the title, the names and the labels give way to their icons, so the header stays one or two
 * short rows (docs/decisions/0024-menus-links-and-header.md).
 */
export function Header(props: HeaderProps) {
  const settings = useSettings();
  const { locale } = useTranslation();
  // Its markup is a function of these alone, made once for each of their values on the server (ADR 0067).
  return (
    <ServerFragment
      as="header"
      className="border-b border-slate-200 bg-white"
      cacheKey={() => JSON.stringify([locale, settings, props])}
    >
      <HeaderContent {...props} />
    </ServerFragment>
  );
}

function HeaderContent({ companyId, nav, user, notificationCount, studies, study }: HeaderProps) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1.5 md:gap-x-4 md:px-4 md:py-2">
        <HomeLink companyId={companyId} userId={user.id} />
        {study ? <StudyDropdown companyId={companyId} study={study} studies={studies} /> : null}
        <TopMenus nav={nav} />
        <div className="ml-auto flex items-center gap-1">
          <NotificationBell notificationCount={notificationCount} studyName={study?.studyName} />
          <HelpMenu nav={nav} />
          <UserMenu nav={nav} user={user} />
        </div>
      </div>
      <Form id={LOGOUT_FORM_ID} method="post" action="/ng/oidc/logout" className="hidden">
        <input type="hidden" name="intent" value="logout" />
      </Form>
    </>
  );
}

/** The company logo linking to the company's home, the product title beside it, and the environment's logo. */
function HomeLink({ companyId, userId }: { companyId: string; userId: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <>
      <Link
        to={appLinks.company(companyId)}
        className="flex shrink-0 items-center gap-2 rounded"
        aria-label={settings?.productName}
      >
        <CompanyLogo className="h-8 w-auto" userId={userId} />
        {/* The product title, once; on a narrow screen the logo stands for it (its link keeps the name). */}
        <span className="hidden text-lg font-semibold text-slate-900 lg:inline" aria-hidden="true">
          {settings?.productName}
        </span>
      </Link>
      {settings?.environmentLogo ? (
        <img
          src={settings.environmentLogo}
          alt={t("nav.environmentLogo")}
          className="hidden h-6 w-auto sm:block"
          height={24}
        />
      ) : null}
    </>
  );
}

/**
 * The top menu, one markup for both layouts (issue 26): on a wide screen its links and menus in a row; on a narrow
 * one the same <nav> is the popover of one "Menu" button (app/tailwind.css `.main-nav`), its menus nested in it. No
 * script is needed for either.
 */
function TopMenus({ nav }: { nav: Nav }) {
  const { t } = useTranslation();
  const links = useMenuLinks();
  if (nav.top.length === 0 && nav.settings.length === 0) return null;
  return (
    <>
      <button
        type="button"
        {...{ popovertarget: MAIN_NAV_ID }}
        aria-controls={MAIN_NAV_ID}
        className="menu-trigger md:hidden"
        style={{ anchorName: `--${MAIN_NAV_ID}` } as CSSProperties}
        data-testid="menu-compact"
      >
        {t("menus.menu")}
      </button>
      <nav
        id={MAIN_NAV_ID}
        {...{ popover: "auto" }}
        aria-label={t("nav.mainMenu")}
        className="main-nav"
        data-testid="menu-compact-content"
      >
        {nav.top.map((entry) =>
          entry.kind === "link" ? (
            <NavEntryLink key={entry.id} link={entry} testId={`nav-${entry.id}`} />
          ) : (
            <Menu key={entry.id} id={entry.id} trigger={t(`nav.${entry.label}`)} entries={links(entry.items)} />
          ),
        )}
        {nav.settings.length > 0 ? (
          <Menu id="settings" trigger={t("nav.settings")} entries={links(nav.settings)} />
        ) : null}
      </nav>
    </>
  );
}

const MAIN_NAV_ID = "main-nav";

/** The bell with the unread count, linking to the notifications (of the current study, preselected). */
function NotificationBell({ notificationCount, studyName }: { notificationCount: number; studyName?: string }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const badge = badgeText(notificationCount);
  const notifications = destination(
    { legacy: legacyLinks.company("/yourAccount/notifications") },
    settings?.legacyBaseUrl,
  );
  const bell = (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {badge ? (
        <span
          className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
          data-testid="notification-badge"
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
    </>
  );
  const bellLabel = badge ? t("nav.notificationsUnread", { count: notificationCount }) : t("nav.notifications");
  if (notifications.href !== undefined) {
    return (
      <AppLink
        to={notifications.href}
        query={studyName ? { preselect: studyName } : null}
        className="relative inline-flex items-center rounded p-2 text-slate-700 hover:bg-slate-100"
        aria-label={bellLabel}
        data-testid="nav-notifications"
      >
        {bell}
      </AppLink>
    );
  }
  // The notifications page belongs to the classic application: the count shows, the link would lead nowhere.
  return (
    <span
      className="relative inline-flex items-center rounded p-2 text-slate-500"
      role="img"
      aria-label={`${bellLabel} (${t("menus.unavailable.classic")})`}
      title={t("menus.unavailable.classic")}
      data-testid="nav-notifications"
    >
      {bell}
    </span>
  );
}

function HelpMenu({ nav }: { nav: Nav }) {
  const { t } = useTranslation();
  const links = useMenuLinks();
  if (nav.help.length === 0) return null;
  return (
    <Menu
      id="help"
      trigger={
        <>
          <span aria-hidden="true" className="text-base font-semibold sm:hidden">
            ?
          </span>
          <span className="hidden sm:inline">{t("nav.help")}</span>
        </>
      }
      triggerLabel={t("nav.help")}
      entries={links(nav.help)}
      align="end"
    />
  );
}

/** The user's menu: their picture (or an icon) and name; my account, log out, and the user links. */
function UserMenu({ nav, user }: { nav: Nav; user: ShellUser }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const links = useMenuLinks();
  const myAccount = destination({ legacy: legacyLinks.company("/yourAccount") }, settings?.legacyBaseUrl);
  const userEntries: MenuEntry[] = [
    {
      key: "myAccount",
      label: t("nav.myAccount"),
      href: myAccount.href,
      unavailable: myAccount.unavailable,
      testId: "nav-myAccount",
    },
    { key: "logOut", label: t("nav.logOut"), submit: { form: LOGOUT_FORM_ID }, testId: "nav-logOut" },
    ...links(nav.user),
  ];
  return (
    <Menu
      id="user"
      align="end"
      triggerLabel={t("nav.userMenu", { name: user.name })}
      trigger={
        <>
          {user.pictureHref ? (
            <img
              src={user.pictureHref}
              alt=""
              className="h-7 w-7 rounded-full object-cover"
              width={28}
              height={28}
              data-testid="profile-picture"
            />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-none stroke-current stroke-2 sm:hidden">
              <path d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z" />
            </svg>
          )}
          <span className="hidden max-w-[12rem] truncate sm:inline" data-testid="signed-in-user">
            {user.name}
          </span>
        </>
      }
      entries={userEntries}
    />
  );
}

/** A top-menu entry that is a link, or, when it leads nowhere in this deployment, a disabled entry with its reason. */
export function NavEntryLink({
  link,
  className = "rounded px-2 py-1.5 text-sm font-medium",
  linkClassName = "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  testId,
}: {
  link: NavLink;
  className?: string;
  linkClassName?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (link.href === undefined) {
    return (
      <span
        className={`${className} cursor-not-allowed text-slate-500`}
        aria-disabled="true"
        title={t(`menus.unavailable.${link.unavailable ?? "classic"}`)}
        data-testid={testId}
      >
        {t(`nav.${link.id}`)}
        <span className="sr-only">{` (${t(`menus.unavailable.${link.unavailable ?? "classic"}`)})`}</span>
      </span>
    );
  }
  return (
    <AppLink to={link.href} newTab={link.newTab} className={`${className} ${linkClassName}`} data-testid={testId}>
      {t(`nav.${link.id}`)}
    </AppLink>
  );
}

/** The study dropdown (000 §2.6): the display id (Retired badge), an up-arrow to the list, and the list on opening. */
function StudyDropdown({
  companyId,
  study,
  studies,
}: {
  companyId: string;
  study: { studyName: string; displayId: string; isRetired: boolean };
  studies: StudyMenuEntry[];
}) {
  const { t } = useTranslation();
  // With JavaScript the list is loaded when the menu opens; without, the server has rendered it.
  const { loaded, loading, failed, load } = useStudyList(`${appLinks.company(companyId)}/studyMenu`);
  const list = loaded ?? studies;
  const entries: MenuEntry[] = list.map((entry) => ({
    key: entry.studyName,
    label: (
      <span className="flex flex-col">
        <span>
          {entry.displayId}
          {entry.isRetired ? <RetiredBadge /> : null}
        </span>
        <span className="text-xs text-slate-500">{entry.displayName}</span>
      </span>
    ),
    href: entry.href,
    disabled: entry.href === null,
    current: entry.studyName === study.studyName,
    testId: `study-entry-${entry.studyName}`,
  }));
  return (
    <div className="flex items-center gap-1 rounded-md border border-slate-200 pl-1">
      <Menu
        id="study"
        triggerLabel={t("nav.studyMenu", { displayId: study.displayId })}
        trigger={
          <span className="font-semibold text-slate-900" data-testid="current-study">
            {study.displayId}
            {study.isRetired ? <RetiredBadge /> : null}
          </span>
        }
        entries={entries}
        loading={loading && !loaded ? t("common.loading") : failed && !loaded ? t("menus.loadFailed") : undefined}
        onOpen={load}
      />
      <Link
        to={appLinks.company(companyId)}
        className="rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={t("nav.studyList")}
        title={t("nav.studyList")}
        data-testid="study-list-link"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 3a1 1 0 0 1 .7.3l5 5a1 1 0 0 1-1.4 1.4L11 6.4V16a1 1 0 1 1-2 0V6.4L5.7 9.7a1 1 0 0 1-1.4-1.4l5-5A1 1 0 0 1 10 3z" />
        </svg>
      </Link>
    </div>
  );
}

/**
 * The study dropdown's list, fetched when the menu opens (each time: studies come and go). The request and its
 * failure (the network toast of 000 §8, a line in the menu) are `fetchStudyList` (./study-list.ts), which comes with
 * the menus' keyboard code after hydration (ADR 0059): the menu opens only once that code has wired it, so it is there.
 */
function useStudyList(url: string) {
  const [state, setState] = useState<{ loaded?: StudyMenuEntry[]; loading: boolean; failed: boolean }>({
    loading: false,
    failed: false,
  });
  const load = useCallback(async () => {
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    const studies = await loadKeys().then(({ fetchStudyList }) => fetchStudyList(url));
    setState((previous) =>
      studies ? { loaded: studies, loading: false, failed: false } : { ...previous, loading: false, failed: true },
    );
  }, [url]);
  return { ...state, load };
}

export function RetiredBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold uppercase text-amber-900"
      data-testid="retired-badge"
    >
      {t("nav.retired")}
    </span>
  );
}
