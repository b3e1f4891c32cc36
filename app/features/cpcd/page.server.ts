/**
 * The CP&CD pages' loader and action (001 §2, §4, §6; issue 12), for a study's lists and for the company's own:
 * thin, as every page's: the permission batch, the API client, the kit's list handling.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { cpcdCalls } from "@server/contracts/calls/cpcd";
import { permissionAddress } from "@server/contracts/calls/define";
import { protocolAnalysisCalls } from "@server/contracts/calls/protocol-analysis";
import { DUPLICATE_VALUE_FOUND, RATIONALE_REQUIRED, type CpcdKind, type CpcdList } from "@server/contracts/cpcd";
import { criticalDataListWith, criticalDatumRow } from "~/features/cpcd/critical-data";
import { criticalProcessListWith, criticalProcessRow } from "~/features/cpcd/critical-processes";
import type { ApiFailure } from "~/lib/api/client.server";
import type { CpcdScope } from "~/lib/api/cpcd.server";
import type { WebContext } from "~/lib/context.server";
import { flash } from "~/lib/flash.server";
import { handleListPost, listShaped, type ListReply } from "~/lib/forms/list.server";
import type { FormRefusal } from "~/lib/forms/refusal";
import { formRefusalOf } from "~/lib/forms/refusal.server";
import { parseSubmission } from "~/lib/forms/schema";
import { getFixedT } from "~/lib/i18next.server";
import { requirePermission } from "~/lib/permissions.server";
import { requirePagePermission, signedInWithBatch } from "~/lib/shell.server";
import { message } from "~/lib/validation";
import { csvResponse, decodeText, listToCsv, parseImport } from "./csv.server";
import { importFormSchema } from "./import-form";
import { IMPORT_INTENT, IMPORT_OVERWRITE_INTENT, kindOfTab, normaliseTab, type CpcdTab } from "./tabs";

/** The permission addresses of a scope's calls (000 §6), from the calls' definitions. */
export function cpcdAddresses(scope: CpcdScope) {
  const { companyId, studyName } = scope;
  const study = studyName ? { companyId, studyName } : null;
  const of = (call: "get" | "save") => ({
    cp: study
      ? permissionAddress(cpcdCalls.study.criticalProcesses[call], study)
      : permissionAddress(cpcdCalls.company.criticalProcesses[call], { companyId }),
    cd: study
      ? permissionAddress(cpcdCalls.study.criticalData[call], study)
      : permissionAddress(cpcdCalls.company.criticalData[call], { companyId }),
  });
  return {
    get: of("get"),
    save: of("save"),
    /** Only a study's lists are imported. */
    import: study
      ? {
          cp: permissionAddress(cpcdCalls.study.criticalProcesses.import, study),
          cd: permissionAddress(cpcdCalls.study.criticalData.import, study),
        }
      : null,
    /** 001 §6: Ask AI needs access to CTQ identification (its start call). */
    ctqf: study ? permissionAddress(protocolAnalysisCalls.startCtqIdentification, study) : null,
  };
}

/** This page with the tab normalised; other query values (none today) are dropped. */
function pageHref(request: Request, tab: CpcdTab): string {
  const url = new URL(request.url);
  return `${url.pathname}?cpOrCd=${tab}`;
}

function failed(error: ApiFailure, status: number): never {
  throw data(null, { status: status === 404 ? 404 : 500, statusText: error.code });
}

export interface CpcdPageData {
  tab: CpcdTab;
  /** The tab's list, or null when only the other list may be read. */
  list: CpcdList | null;
  canSave: boolean;
  canImport: boolean;
  canAskAi: boolean;
  /** The import the service could not take, without scripts (too large: issue 24, defect 8); shown in its dialog. */
  formRefused: FormRefusal | null;
}

/**
 * 001 §2, §6: the tab from `cpOrCd` (the address rewritten to its normalised value); either get permission opens the
 * page (else /ng/error); the save permission makes the tab editable; import and Ask AI have their own.
 */
export async function loadCpcdPage(request: Request, context: WebContext, scope: CpcdScope): Promise<CpcdPageData> {
  const url = new URL(request.url);
  const raw = url.searchParams.get("cpOrCd");
  const tab = normaliseTab(raw);
  if (raw !== tab) {
    url.searchParams.set("cpOrCd", tab);
    throw redirect(`${url.pathname}${url.search}`);
  }
  const a = cpcdAddresses(scope);
  const signedIn = await signedInWithBatch(request, context);
  // One permission batch: the page's gate, and the controls' gates.
  const [map, controls] = await Promise.all([
    requirePermission(request, signedIn.batch, [a.get.cp, a.get.cd], { any: true }),
    signedIn.batch.check([a.save[tab], ...(a.import ? [a.import[tab]] : []), ...(a.ctqf ? [a.ctqf] : [])]),
  ]);
  let list: CpcdList | null = null;
  if (map.get(a.get[tab])) {
    const result = await signedIn.api.cpcd.get(scope, kindOfTab(tab));
    if (!result.ok) failed(result.error, result.status);
    list = result.data;
  }
  return {
    tab,
    list,
    canSave: controls.get(a.save[tab]) === true,
    canImport: a.import !== null && controls.get(a.import[tab]) === true,
    canAskAi: a.ctqf !== null && controls.get(a.ctqf) === true,
    formRefused: await formRefusalOf(request, context),
  };
}

/** The export (issue 12): the tab's list as its CSV file. */
export async function exportCpcdList(request: Request, context: WebContext, scope: CpcdScope): Promise<Response> {
  const tab = normaliseTab(new URL(request.url).searchParams.get("cpOrCd"));
  const { api } = await requirePagePermission(request, context, [cpcdAddresses(scope).get[tab]]);
  const kind = kindOfTab(tab);
  const result = await api.cpcd.get(scope, kind);
  if (!result.ok) failed(result.error, result.status);
  return csvResponse(kind, result.data.value);
}

export interface CpcdActionData {
  /** The list's answer when it did not save: the edits, the dialog, a message. */
  list?: ListReply | null;
  /** The version the edits on screen started from (after a conflict: the old one, so nothing is overwritten). */
  baseVersion?: number | null;
  /** The import form's answer when it did not import. */
  importReply?: SubmissionResult<string[]> | null;
  /** "Duplicate value found": the duplicates, and what Continue posts again (001 §4 "Insert into study flow"). */
  overwrite?: { duplicates: string[]; text: string; rationaleForChange: string } | null;
}

/** The lists' schemas, with the rationale (optional here: the API refuses a save without one the company requires). */
const listSchemas = {
  criticalProcesses: { schema: criticalProcessListWith(false), row: criticalProcessRow },
  criticalData: { schema: criticalDataListWith(false), row: criticalDatumRow },
} as const;

/** Every post of the page: the list's intents (only Save persists) and the import's two steps. */
export async function cpcdAction(
  request: Request,
  context: WebContext,
  scope: CpcdScope,
): Promise<CpcdActionData | Response> {
  const tab = normaliseTab(new URL(request.url).searchParams.get("cpOrCd"));
  const kind = kindOfTab(tab);
  const a = cpcdAddresses(scope);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === IMPORT_INTENT || intent === IMPORT_OVERWRITE_INTENT) {
    if (!scope.studyName || !a.import) throw data(null, { status: 404, statusText: "Not Found" });
    const { api } = await requirePagePermission(request, context, [a.import[tab]]);
    return importAction(request, context, { ...scope, studyName: scope.studyName }, kind, tab, formData, api);
  }

  const { api } = await requirePagePermission(request, context, [a.save[tab]]);
  const { schema, row } = listSchemas[kind];
  const versionText = formData.get("version");
  const baseVersion = typeof versionText === "string" && /^\d{1,9}$/.test(versionText) ? Number(versionText) : null;
  const post = handleListPost<Record<string, unknown>>(formData, schema, row);
  if (post.kind === "reply") return { list: post.reply, baseVersion };

  const refuse = (text: string | null, fieldErrors: Record<string, string[]> = {}): CpcdActionData => ({
    list: {
      result: listShaped(parseSubmission(formData, { schema }).reply({ formErrors: text ? [text] : [], fieldErrors })),
      dialog: null,
    },
    baseVersion,
  });
  if (baseVersion === null) return refuse("cpcd.conflict");
  const rationale = formData.get("rationaleForChange");
  const rationaleForChange = typeof rationale === "string" && rationale.trim() !== "" ? rationale.trim() : null;
  const result = await api.cpcd.save(scope, kind, post.rows as never, baseVersion, rationaleForChange);
  if (!result.ok) {
    // 409: the list moved on since it was loaded; the edits stay on screen and nothing is overwritten.
    if (result.status === 409) return refuse("cpcd.conflict");
    // The company requires a rationale (ADR 0044): said on its field.
    if (result.error.detail === RATIONALE_REQUIRED)
      return refuse(null, { rationaleForChange: ["validation.required"] });
    return refuse(message("cpcd.saveFailed", { detail: result.error.detail || result.error.code }));
  }
  const t = await getFixedT(request);
  // A save of the list as it was stores nothing and says so (issue 24, defect 10).
  flash(context, { type: "information", message: t(result.data.changed ? "kit.success" : "cpcd.nothingToSave") });
  return redirect(pageHref(request, tab));
}

async function importAction(
  request: Request,
  context: WebContext,
  scope: CpcdScope & { studyName: string },
  kind: CpcdKind,
  tab: CpcdTab,
  formData: FormData,
  api: Awaited<ReturnType<typeof requirePagePermission>>["api"],
): Promise<CpcdActionData | Response> {
  const submission = parseSubmission(formData, { schema: importFormSchema });
  const refuse = (problems: string[], fields: Record<string, string[]> = {}): CpcdActionData => ({
    importReply: submission.reply({ formErrors: problems, fieldErrors: fields, hideFields: ["file"] }),
  });
  if (submission.status !== "success") return { importReply: submission.reply({ hideFields: ["file"] }) };
  const value = submission.value as { file?: File; text: string; rationaleForChange: string };

  let text = value.text;
  if (value.file) {
    // (Its size is the schema's: import-form.ts.)
    const decoded = decodeText(new Uint8Array(await value.file.arrayBuffer()));
    if (decoded === null) return refuse([], { file: ["cpcd.notText"] });
    text = decoded;
  }
  if (text.trim() === "") return refuse(["cpcd.nothingToImport"]);
  const parsed = parseImport(kind, text);
  if (!parsed.ok) return refuse(parsed.problems.map((problem) => message(problem.key, problem.values)));

  const overwrite = formData.get("intent") === IMPORT_OVERWRITE_INTENT;
  const result = await api.cpcd.import(scope, kind, {
    items: parsed.items,
    overwrite,
    rationaleForChange: value.rationaleForChange,
  });
  if (result.ok) {
    const t = await getFixedT(request);
    // "Success!" (001 §8); the rationale and the duplicates are gone with the dialog (001 §4).
    flash(context, { type: "information", message: t("kit.success") });
    return redirect(pageHref(request, tab));
  }
  if (result.status === 409 && result.error.detail === DUPLICATE_VALUE_FOUND && !overwrite) {
    const duplicates = Array.isArray(result.error.additionalData)
      ? (result.error.additionalData as Record<string, unknown>[]).map((item) => String(item.title ?? item.label ?? ""))
      : [];
    return {
      overwrite: { duplicates, text: listToCsv(kind, parsed.items), rationaleForChange: value.rationaleForChange },
    };
  }
  return refuse([message("cpcd.importFailed", { detail: result.error.detail || result.error.code })]);
}
