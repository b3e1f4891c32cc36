import { data } from "@remix-run/node";
import type { CompanyInfo } from "@server/contracts/companies";
import type { Settings } from "@server/contracts/settings";
import type { StudyListItem } from "@server/contracts/studies";
import type { ApiClient } from "./api/client.server";
import { getAuth, requireUser, type SignedIn } from "./auth.server";
import type { WebContext } from "./context.server";
import {
  buildNav,
  companyAddresses,
  navAddresses,
  studyAddresses,
  studyEntryAddresses,
  studyEntryHref,
  type NavContext,
} from "./navigation.server";
import { permissionBatch, requirePermission, type PermissionBatch } from "./permissions.server";
import type { CompanyShell, StudyMenuEntry, StudyShell } from "./shell";

export type { CompanyShell, StudyMenuEntry, StudyShell, ShellUser } from "./shell";

/**
 * What the application shell's loaders share (000 §2.3): before each page the signed-in check, then the permission
 * check (all of a request's questions in one batch), then the company and study context.
 */

type Batched = SignedIn & { batch: PermissionBatch };

/** The signed-in user and the request's permission batch; the batch is bound to the user's API client. */
export async function signedInWithBatch(request: Request, context: WebContext): Promise<Batched> {
  const signedIn = await requireUser(request, context);
  return { ...signedIn, batch: permissionBatch(context, signedIn.api) };
}

/** A page's own permission check: denied → /ng/error (000 §2.3). `any` makes one of the addresses enough (000 §6). */
export async function requirePagePermission(
  request: Request,
  context: WebContext,
  addresses: readonly string[],
  options: { any?: boolean } = {},
): Promise<Batched> {
  const signedIn = await signedInWithBatch(request, context);
  await requirePermission(request, signedIn.batch, addresses, options);
  return signedIn;
}

/** One answer per request for calls several loaders make (settings, company info). */
function once<T>(context: WebContext, key: string, load: () => Promise<T>): Promise<T> {
  const memo = context.memo.get(key) as Promise<T> | undefined;
  if (memo) return memo;
  const promise = load();
  context.memo.set(key, promise);
  return promise;
}

/** The signed-in user's settings (000 §3.1), once per request. */
export function userSettings(context: WebContext, api: ApiClient): Promise<Settings> {
  return once(context, "shell:settings", async () => {
    const result = await api.settings.get();
    if (!result.ok) throw new Error(`Settings unavailable: ${result.error.code}`);
    return result.data;
  });
}

function companyInfo(context: WebContext, api: ApiClient, companyId: string) {
  return once(context, `shell:company:${companyId}`, () => api.companies.get(companyId));
}

function navContext(
  companyId: string,
  company: CompanyInfo | null,
  settings: Settings,
  study?: NavContext["study"],
): NavContext {
  return {
    companyId,
    study: study ?? null,
    protocolAnalysisEnabled: company?.isProtocolAnalysisToolAEnabled ?? false,
    helpUrl: settings.helpUrl || null,
    kriWikiUrl: settings.kriWikiUrl,
    studyDesignerUrl: settings.studyDesignerUrl,
    legacyBaseUrl: settings.legacyBaseUrl,
  };
}

function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/**
 * The company level: the company's basic call gates the page. One pass: the header's entries join the request's
 * single permission batch (with the study layout's and the page's own questions); then the studies' entry links
 * are asked about in a second batch, once the list is known. On a study page the study layout counts the
 * notifications of that study, so this level does not count them too.
 */
export async function loadCompanyShell(
  request: Request,
  context: WebContext,
  companyId: string,
  studyName?: string,
  options: { gate?: boolean } = {},
): Promise<CompanyShell> {
  const { session, api, batch } = await signedInWithBatch(request, context);
  const addresses = companyAddresses(companyId);
  const [allowed, settings, studyList, notifications, company] = await Promise.all([
    batch.check([addresses.company, ...navAddresses(companyId)]),
    userSettings(context, api),
    api.studies.list(companyId),
    studyName ? null : api.notifications.count(null),
    companyInfo(context, api, companyId),
  ]);
  const gated = options.gate !== false;
  if (gated) await requirePermission(request, batch, [addresses.company]);
  if (!company.ok && (gated || company.status !== 403)) {
    if (company.status === 404) notFound();
    throw new Error(`Company unavailable: ${company.error.code}`);
  }
  const studies = studyList.ok ? studyList.data.items : [];
  const entries = await batch.check(studies.flatMap((study) => studyEntryAddresses(companyId, study.studyName)));
  // Not gated (a page every signed-in user may see), a company the user may not read still frames the page.
  const info = company.ok
    ? company.data
    : {
        id: companyId,
        displayName: "",
        isProtocolAnalysisToolAEnabled: false,
        usesSingleSignOn: false,
        isCpcdRationaleRequired: false,
      };
  return {
    company: info,
    nav: buildNav(navContext(companyId, info, settings), (address) => allowed.get(address) === true),
    studies: menuEntries(companyId, studies, (address) => entries.get(address) === true, settings.legacyBaseUrl),
    notificationCount: notifications?.ok ? notifications.data.totalRecords : 0,
    user: {
      id: session.user.id,
      name: settings.userNameOrEmail ?? session.user.name,
      pictureHref: settings.profileImage ? `/ng/users/${encodeURIComponent(session.user.id)}/profilePicture` : null,
    },
  };
}

/** The study level: the study's basic call gates the page; a study that does not exist is a 404. */
export async function loadStudyShell(
  request: Request,
  context: WebContext,
  companyId: string,
  studyName: string,
): Promise<StudyShell> {
  const { api, batch } = await signedInWithBatch(request, context);
  const addresses = studyAddresses(companyId, studyName);
  const [allowed, settings, company, study, notifications] = await Promise.all([
    batch.check([addresses.study, ...navAddresses(companyId, studyName)]),
    userSettings(context, api),
    companyInfo(context, api, companyId),
    api.studies.get(companyId, studyName),
    api.notifications.count(studyName),
  ]);
  await requirePermission(request, batch, [addresses.study]);
  if (!study.ok) {
    if (study.status === 404) notFound();
    throw new Error(`Study unavailable: ${study.error.code}`);
  }
  const nav = buildNav(
    navContext(companyId, company.ok ? company.data : null, settings, {
      studyName,
      internalStudyId: study.data.internalStudyId,
    }),
    (a) => allowed.get(a) === true,
  );
  return { study: study.data, nav, notificationCount: notifications.ok ? notifications.data.totalRecords : 0 };
}

/** The study dropdown's list, loaded when the menu opens (000 §2.6): visible studies and where each entry leads. */
export async function loadStudyMenu(
  request: Request,
  context: WebContext,
  companyId: string,
): Promise<StudyMenuEntry[]> {
  const { api, batch } = await signedInWithBatch(request, context);
  const [list, settings] = await Promise.all([api.studies.list(companyId), userSettings(context, api)]);
  if (!list.ok) return [];
  const allowed = await batch.check(
    list.data.items.flatMap((study) => studyEntryAddresses(companyId, study.studyName)),
  );
  return menuEntries(companyId, list.data.items, (a) => allowed.get(a) === true, settings.legacyBaseUrl);
}

/** The signed-in user's settings; a user without a home company cannot have one (a data error). */
export async function requireUserSettings(request: Request, context: WebContext): Promise<Settings> {
  const { api } = await requireUser(request, context);
  const settings = await userSettings(context, api);
  if (!settings.companyId) throw new Error("The signed-in user has no home company.");
  return settings;
}

/** The study list's entries: each study with where it leads (Dashboard, else RACT, else nowhere). */
function menuEntries(
  companyId: string,
  studies: readonly StudyListItem[],
  can: (address: string) => boolean,
  legacyBaseUrl: string | null,
): StudyMenuEntry[] {
  return studies.map((study) => ({
    studyName: study.studyName,
    displayId: study.displayId,
    displayName: study.displayName,
    isRetired: study.isRetired,
    href: studyEntryHref(companyId, study.studyName, can, legacyBaseUrl),
  }));
}

/**
 * The shell around a page that every signed-in user may see (the error page): the header of the user's home company,
 * as far as they may see it, without gating the page on it. Null when signed out or when it cannot be made.
 */
export async function loadHomeShell(request: Request, context: WebContext): Promise<CompanyShell | null> {
  if (!(await getAuth(request, context))) return null;
  try {
    const { api } = await signedInWithBatch(request, context);
    const { companyId } = await userSettings(context, api);
    return companyId ? await loadCompanyShell(request, context, companyId, undefined, { gate: false }) : null;
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.warn({ err: error }, "no shell for this page");
    return null;
  }
}
