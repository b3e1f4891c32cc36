/**
 * …/ctqf/identification (001 §2 "CTQ identification form", §5, §6; issue 25, ADR 0049): the page's data (the company's
 * lists and the predefined examples as text) and its post: Add company CP&CD / Add predefined examples fill the text
 * areas (without scripts), Identify CTQ uploads the protocol and starts the request.
 */
import {
  unstable_parseMultipartFormData as parseMultipartFormData,
  type LoaderFunctionArgs,
  type UploadHandler,
} from "@remix-run/node";
import { formatCpcdText, parseCpcdText } from "@server/contracts/cpcd-text";
import type { RepeatedRequest } from "@server/contracts/protocol-analysis";
import {
  addLines,
  CTQ_FORM_INTENT,
  CTQ_TEXT_MAX,
  CTQ_TEXTS,
  fileError,
  textErrors,
  type CtqFormAnswer,
  type CtqTexts,
} from "~/features/ctq/form";
import { ctqAddresses } from "~/features/ctq/results.server";
import { requireAnalysisPage, uploadFailure } from "~/features/protocol-analysis/page.server";
import type { SubmitOutcome } from "~/features/protocol-analysis/upload";
import { isServiceUnavailable, type ApiClient } from "~/lib/api/client.server";
import type { WebContext } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";

/** 001 §9: 13 predefined critical processes and 15 critical data, in locales (ctqExamples). */
const EXAMPLE_COUNTS = { criticalProcesses: 13, criticalData: 15 } as const;
/** The largest protocol the form holds to pass on (the API's own upload limit applies after it). */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/**
 * The largest post the form reads: beyond MAX_FILE_BYTES the file is read and dropped, so that the two texts, which
 * come after it, are kept and the page can say "too large" with the user's lists intact; beyond this, nothing is read.
 */
const MAX_POST_BYTES = 1024 * 1024 * 1024;

/**
 * Reads the form's post: the texts in memory, the protocol file in memory up to MAX_FILE_BYTES; a larger one is drained
 * and stands as `tooLarge`, the texts read all the same (no edit lost on a round trip).
 */
async function readPost(request: Request): Promise<{ form: FormData; tooLarge: boolean }> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    return { form: await request.formData(), tooLarge: false };
  }
  let tooLarge = false;
  // Each part read up to its bound and drained past it: a text beyond CTQ_TEXT_MAX is cut (as textOf cuts it),
  // a file beyond MAX_FILE_BYTES dropped and said "too large".
  const parts: UploadHandler = async ({ filename, contentType, data }) => {
    const bound = filename === undefined ? CTQ_TEXT_MAX * 4 : MAX_FILE_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= bound) chunks.push(chunk);
    }
    if (filename === undefined) return Buffer.concat(chunks).toString("utf8");
    if (size > bound) tooLarge = true;
    return size > bound ? undefined : new File(chunks as BlobPart[], filename, { type: contentType });
  };
  const form = await parseMultipartFormData(request, parts);
  return { form, tooLarge };
}

async function gate(request: Request, context: WebContext, companyId: string, studyName: string) {
  return requireAnalysisPage(request, context, companyId, [ctqAddresses(companyId, studyName).start]);
}

/** The company's lists and the predefined examples, as the text areas take them (001 §3 text format). */
async function sourceTexts(request: Request, api: ApiClient, studyName: string) {
  const t = await getFixedT(request);
  const examples = {} as CtqTexts;
  for (const name of CTQ_TEXTS) {
    const lines = Array.from({ length: EXAMPLE_COUNTS[name] }, (_, i) =>
      t(`ctqExamples.${name}.${String(i + 1).padStart(2, "0")}`),
    );
    examples[name] = formatCpcdText(parseCpcdText(lines.join("\n")));
  }
  const lists = await api.ctq.companyLists(studyName);
  const company: CtqTexts = {
    criticalProcesses: lists.ok ? formatCpcdText(lists.data.criticalProcesses) : "",
    criticalData: lists.ok ? formatCpcdText(lists.data.criticalData) : "",
  };
  return { examples, company, t };
}

export async function loadCtqIdentification({ request, context, params }: LoaderFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  const { api } = await gate(request, context, companyId, studyName);
  const { examples, company, t } = await sourceTexts(request, api, studyName);
  const hasCompany = Boolean(company.criticalProcesses || company.criticalData);
  return {
    pageName: t("ctq.form.title"),
    companyId,
    studyName,
    company,
    examples,
    // 001 §2: a company without CP&CD gets the predefined examples filled in.
    initial: hasCompany ? { criticalProcesses: "", criticalData: "" } : examples,
    companyCpcdHref: `${appLinks.company(companyId)}/cpcd`,
  };
}

const textOf = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, CTQ_TEXT_MAX);

/** The form's post, with or without scripts (the scripts' upload posts the same fields to …/ctqf/upload). */
export async function submitCtqForm(request: Request, context: WebContext, companyId: string, studyName: string) {
  const { api } = await gate(request, context, companyId, studyName);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  const empty = { criticalProcesses: "", criticalData: "" };
  if (!Number.isFinite(declared) || declared > MAX_POST_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    const outcome = { ok: false as const, message: "protocolAnalysis.identification.tooLarge", values: { size: 50 } };
    return { outcome, texts: empty, errors: { file: outcome.message } } satisfies CtqFormAnswer;
  }
  const { form, tooLarge } = await readPost(request);
  const texts: CtqTexts = {
    criticalProcesses: textOf(form, "criticalProcesses"),
    criticalData: textOf(form, "criticalData"),
  };
  const intent = form.get("intent");
  if (intent === CTQ_FORM_INTENT.addCompany || intent === CTQ_FORM_INTENT.addExamples) {
    const { examples, company } = await sourceTexts(request, api, studyName);
    const source = intent === CTQ_FORM_INTENT.addCompany ? company : examples;
    const filled = {
      criticalProcesses: addLines(texts.criticalProcesses, source.criticalProcesses),
      criticalData: addLines(texts.criticalData, source.criticalData),
    };
    return { outcome: null, texts: filled, errors: {} } satisfies CtqFormAnswer;
  }
  if (intent === CTQ_FORM_INTENT.confirmRepeat) {
    const fileId = String(form.get("fileId") ?? "").slice(0, 64);
    return { outcome: await start(api, studyName, fileId, texts, false), texts, errors: {} };
  }
  const file = form.get("File");
  const chosen = file instanceof File ? file : null;
  const refusal = tooLarge ? "protocolAnalysis.identification.tooLarge" : fileError(chosen);
  const errors = { ...textErrors(texts), ...(refusal ? { file: refusal } : {}) };
  if (Object.keys(errors).length > 0 || !chosen) return { outcome: null, texts, errors } satisfies CtqFormAnswer;
  const outcome = await uploadAndStart(api, studyName, chosen, texts);
  return { outcome, texts, errors: outcome.ok || "repeat" in outcome ? {} : { file: outcome.message } };
}

async function uploadAndStart(api: ApiClient, studyName: string, file: File, texts: CtqTexts): Promise<SubmitOutcome> {
  const body = new FormData();
  body.set("File", file, file.name);
  const encoded = new Request("http://upload.invalid/", { method: "POST", body });
  let uploaded: Awaited<ReturnType<typeof api.files.upload>>;
  try {
    uploaded = await api.files.upload(encoded.body!, encoded.headers.get("content-type") ?? "");
  } catch (error) {
    if (isServiceUnavailable(error))
      return { ok: false, message: "protocolAnalysis.identification.serviceUnavailable" };
    throw error;
  }
  if (!uploaded.ok) return uploadFailure(uploaded.status, uploaded.error.additionalData);
  const { fileId, name } = uploaded.data.value;
  const outcome = await start(api, studyName, fileId, texts, true);
  return "repeat" in outcome && outcome.repeat
    ? { ...outcome, repeat: { ...outcome.repeat, fileName: name } }
    : outcome;
}

async function start(
  api: ApiClient,
  studyName: string,
  fileId: string,
  texts: CtqTexts,
  askIfRepeated: boolean,
): Promise<SubmitOutcome> {
  if (!fileId) return { ok: false, message: "protocolAnalysis.identification.required" };
  const started = await api.ctq.start(studyName, { protocolTemporaryFileId: fileId, ...texts }, askIfRepeated);
  if (!started.ok) {
    const repeated = started.error.additionalData as Partial<RepeatedRequest> | undefined;
    if (started.status === 409 && repeated?.reason === "repeat" && repeated.requestId)
      return { ok: false, repeat: { fileId, fileName: "", requestId: repeated.requestId } };
    return { ok: false, message: "protocolAnalysis.identification.failed" };
  }
  return { ok: true, requestId: started.data.value.id };
}
