import { data } from "@remix-run/node";
import type { CompanyInfo } from "@server/contracts/companies";
import type { Settings } from "@server/contracts/settings";
import type { ShellAnswer } from "@server/contracts/shell";
import type { StudyListItem } from "@server/contracts/studies";
import type { ApiClient } from "./api/client.server";
import { getAuth, requireUser, type SignedIn } from "./auth.server";
import type { WebContext } from "./context.server";
import {
  buildNav,
  companyAddresses,
  navAddresses,
  studyAddresses,
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

const SETTINGS_KEY = "shell:settings";

/** The signed-in user's settings (000 §3.1), once per request (from the shell call when a layout made it). */
export function userSettings(context: WebContext, api: ApiClient): Promise<Settings> {
  return once(context, SETTINGS_KEY, async () => {
    const result = await api.settings.get();
    if (!result.ok) throw new Error(`Settings unavailable: ${result.error.code}`);
    return result.data;
  });
}

/** What one shell call answered (ADR 0062), with its permission answers as a map. */
interface ShellData {
  answer: ShellAnswer;
  allowed: (address: string) => boolean;
}

/** The header's addresses for a company, and for a study of it when one is named. */
function shellAddresses(companyId: string, studyName?: string): string[] {
  const asked = [companyAddresses(companyId).company, ...navAddresses(companyId)];
  if (studyName) asked.push(studyAddresses(companyId, studyName).study, ...navAddresses(companyId, studyName));
  return [...new Set(asked)];
}

/**
 * The shell call, once per request for both layouts: settings, company, studies, study, the bell and the header's
 * and study menu's permission answers in one round. Its answers join the request's permission batch, so a page's
 * question the header already asked is not asked again.
 */
function shellOf(
  context: WebContext,
  { api, batch }: Batched,
  companyId: string,
  studyName?: string,
): Promise<ShellData> {
  return once(context, `shell:call:${companyId}:${studyName ?? ""}`, () => {
    const call = api.shell.get(companyId, {
      studyName: studyName ?? null,
      permissions: shellAddresses(companyId, studyName),
    });
    const answers = call.then((result) => {
      if (!result.ok) throw new Error(`Shell unavailable: ${result.error.code}`);
      const map = new Map(result.data.permissionCheckResults.map((e) => [e.request.url, e.result === "Allow"]));
      return { answer: result.data, map };
    });
    const data = answers.then(({ answer, map }): ShellData => ({ answer, allowed: (a) => map.get(a) === true }));
    batch.learn(answers.then(({ map }) => map));
    if (!context.memo.has(SETTINGS_KEY)) {
      const settings = data.then((d) => d.answer.settings);
      settings.catch(() => undefined); // a failed call is the layout's error, not an unhandled rejection
      context.memo.set(SETTINGS_KEY, settings);
    }
    return data;
  });
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
 * The company level: the company's basic call gates the page. One shell call (shared with the study layout) answers
 * the header's questions, the study list and its entry links; the page's own questions join the request's permission
 * batch, which already knows the shell's answers. On a study page the study layout shows that study's count.
 */
export async function loadCompanyShell(
  request: Request,
  context: WebContext,
  companyId: string,
  studyName?: string,
  options: { gate?: boolean } = {},
): Promise<CompanyShell> {
  const signedIn = await signedInWithBatch(request, context);
  const { answer, allowed } = await shellOf(context, signedIn, companyId, studyName);
  const gated = options.gate !== false;
  if (gated) await requirePermission(request, signedIn.batch, [companyAddresses(companyId).company]);
  const { company, settings } = answer;
  if (!company.ok && (gated || company.status !== 403)) {
    if (company.status === 404) notFound();
    throw new Error(`Company unavailable: ${company.status}`);
  }
  const studies = answer.studies.ok ? answer.studies.data.items : [];
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
  const user = signedIn.session.user;
  return {
    company: info,
    nav: buildNav(navContext(companyId, info, settings), allowed),
    studies: menuEntries(companyId, studies, allowed, settings.legacyBaseUrl),
    notificationCount: studyName ? 0 : answer.notificationCount,
    user: {
      id: user.id,
      name: settings.userNameOrEmail ?? user.name,
      pictureHref: settings.profileImage ? `/ng/users/${encodeURIComponent(user.id)}/profilePicture` : null,
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
  const signedIn = await signedInWithBatch(request, context);
  const { answer, allowed } = await shellOf(context, signedIn, companyId, studyName);
  await requirePermission(request, signedIn.batch, [studyAddresses(companyId, studyName).study]);
  const { study, company, settings } = answer;
  if (!study?.ok) {
    if (study?.status === 404) notFound();
    throw new Error(`Study unavailable: ${study?.status ?? "not asked"}`);
  }
  const nav = buildNav(
    navContext(companyId, company.ok ? company.data : null, settings, {
      studyName,
      internalStudyId: study.data.internalStudyId,
    }),
    allowed,
  );
  return { study: study.data, nav, notificationCount: answer.notificationCount };
}

/** The study dropdown's list, loaded when the menu opens (000 §2.6): visible studies and where each entry leads. */
export async function loadStudyMenu(
  request: Request,
  context: WebContext,
  companyId: string,
): Promise<StudyMenuEntry[]> {
  const signedIn = await signedInWithBatch(request, context);
  const { answer, allowed } = await shellOf(context, signedIn, companyId);
  if (!answer.studies.ok) return [];
  return menuEntries(companyId, answer.studies.data.items, allowed, answer.settings.legacyBaseUrl);
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
