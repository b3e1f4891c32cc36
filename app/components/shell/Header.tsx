import { Form, Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { AppLink } from "~/components/AppLink";
import { CompanyLogo } from "~/components/CompanyLogo";
import { appLinks, legacyLinks } from "~/lib/links";
import { badgeText, type Nav, type NavLink } from "~/lib/navigation";
import { useSettings } from "~/lib/settings";
import type { ShellUser, StudyMenuEntry } from "~/lib/shell";
import { Menu, type MenuEntry } from "./Menu";

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

/** The application header (000 §2.6): every entry shown only when permitted. */
export function Header({ companyId, nav, user, notificationCount, studies, study }: HeaderProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const links = (list: NavLink[]): MenuEntry[] =>
    list.map((item) => ({ key: item.id, label: t(`nav.${item.id}`), href: item.href, newTab: item.newTab, testId: `nav-${item.id}` }));

  const userEntries: MenuEntry[] = [
    { key: "myAccount", label: t("nav.myAccount"), href: legacyLinks.company("/yourAccount"), testId: "nav-myAccount" },
    { key: "logOut", label: t("nav.logOut"), submit: { form: LOGOUT_FORM_ID }, testId: "nav-logOut" },
    ...links(nav.user),
  ];
  const badge = badgeText(notificationCount);

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link to={appLinks.company(companyId)} className="flex items-center gap-3 rounded">
          <CompanyLogo className="h-8 w-auto" />
          <span className="text-lg font-semibold text-slate-900">{settings?.productName}</span>
        </Link>
        {settings?.environmentLogo ? (
          <img src={settings.environmentLogo} alt={t("nav.environmentLogo")} className="h-6 w-auto" height={24} />
        ) : null}
        {study ? <StudyDropdown companyId={companyId} study={study} studies={studies} /> : null}
        <nav aria-label={t("nav.mainMenu")} className="flex flex-wrap items-center gap-1">
          {nav.top.map((entry) =>
            entry.kind === "link" ? (
              <AppLink
                key={entry.id}
                to={entry.href}
                newTab={entry.newTab}
                className="rounded px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                data-testid={`nav-${entry.id}`}
              >
                {t(`nav.${entry.id}`)}
              </AppLink>
            ) : (
              <Menu key={entry.id} id={entry.id} trigger={t(`nav.${entry.label}`)} entries={links(entry.items)} />
            ),
          )}
          {nav.settings.length > 0 ? <Menu id="settings" trigger={t("nav.settings")} entries={links(nav.settings)} /> : null}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <AppLink
            to={legacyLinks.company("/yourAccount/notifications")}
            query={study ? { preselect: study.studyName } : null}
            className="relative inline-flex items-center rounded p-2 text-slate-700 hover:bg-slate-100"
            aria-label={badge ? t("nav.notificationsUnread", { count: notificationCount }) : t("nav.notifications")}
            data-testid="nav-notifications"
          >
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
          </AppLink>
          {nav.help.length > 0 ? <Menu id="help" trigger={t("nav.help")} entries={links(nav.help)} align="end" /> : null}
          <Menu
            id="user"
            align="end"
            triggerLabel={t("nav.userMenu", { name: user.name })}
            trigger={
              <>
                {user.pictureHref ? (
                  <img src={user.pictureHref} alt="" className="h-7 w-7 rounded-full object-cover" width={28} height={28} data-testid="profile-picture" />
                ) : null}
                <span data-testid="signed-in-user">{user.name}</span>
              </>
            }
            entries={userEntries}
          />
        </div>
      </div>
      <Form id={LOGOUT_FORM_ID} method="post" action="/ng/oidc/logout" className="hidden">
        <input type="hidden" name="intent" value="logout" />
      </Form>
    </header>
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
  const fetcher = useFetcher<{ studies: StudyMenuEntry[] }>();
  // With JavaScript the list is loaded when the menu opens; without, the server has rendered it.
  const loaded = fetcher.data?.studies;
  const loading = fetcher.state !== "idle" && !loaded;
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
        loading={loading ? t("common.loading") : undefined}
        onOpen={() => fetcher.load(`${appLinks.company(companyId)}/studyMenu`)}
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

export function RetiredBadge() {
  const { t } = useTranslation();
  return (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold uppercase text-amber-900" data-testid="retired-badge">
      {t("nav.retired")}
    </span>
  );
}
