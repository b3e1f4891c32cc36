import { and, eq } from "drizzle-orm";
import type { Principal } from "../auth/principal";
import { ErrorCode } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";
import { FILE_REJECTED, type FileRejection, type FileUploadBody } from "../contracts/protocol-analysis";
import type { Db } from "../db/database";
import { newId, OBJECT_ID } from "../db/ids";
import type { ServiceDeps } from "../deps";
import { readBodyBytes } from "../http/body";
import { ApiError, notFound, SERVICE_UNAVAILABLE_RETRY_SECONDS } from "../http/problem";
import { studies } from "../studies/schema";
import { checkDocx, cleanFileName, CONTENT_TYPES, contentDisposition, sniff } from "./content";
import { MultipartError, multipartBoundary, readMultipart, type PartSink } from "./multipart";
import { files } from "./schema";
import { databaseStorage, localStorage, type FileStorage, type StorageWriter } from "./storage";

/** The storage driver of a service (one per process and configuration; docs/decisions/0028-…). */
const storages = new WeakMap<ServiceDeps, FileStorage>();
export function fileStorage(deps: ServiceDeps, kind?: string): FileStorage {
  if (kind === "database" && deps.config.files.storage !== "database") return databaseStorage(deps.database.db);
  if (kind === "local" && deps.config.files.storage !== "local") return localStorage(deps.config.files.localDir);
  let storage = storages.get(deps);
  if (!storage) {
    const { storage: kind, localDir } = deps.config.files;
    storage = kind === "database" ? databaseStorage(deps.database.db) : localStorage(localDir);
    storages.set(deps, storage);
  }
  return storage;
}

/** The message of each refusal, naming what is accepted (shown on the form as it is, or by its reason). */
export function rejectFile(reason: FileRejection, maxBytes: number): ApiError {
  const messages: Record<FileRejection, string> = {
    missing: "Choose a protocol file to upload (field File).",
    empty: "The file is empty.",
    tooLarge: `The file is larger than the limit of ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
    type: "Only a native PDF (.pdf) or Word (.docx) file is accepted.",
    zip: "The .docx file unpacks to more than is allowed; it is refused.",
  };
  // Too large is what every route answers for an oversize body (PayloadTooLarge); the reason tells the form which.
  if (reason === "tooLarge")
    return new ApiError(413, ErrorCode.PayloadTooLarge, messages[reason], { reason, maxBytes });
  return new ApiError(400, FILE_REJECTED, messages[reason], { reason, maxBytes });
}

/**
 * The file system under the local storage refused (read-only, full, no permission, out of descriptors, I/O error):
 * the service's fault, not the caller's, and not for long, so 503 (issue 22, defect 8).
 */
const STORAGE_CODES = new Set([
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
  "EDQUOT",
  "EMFILE",
  "ENFILE",
  "EIO",
  "ENOTDIR",
  "EEXIST",
]);

export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && STORAGE_CODES.has(code);
}

/** The answer to an upload the storage could not take: logged for the operator with its cause, 503 for the caller. */
function storageUnavailable(deps: ServiceDeps, error: unknown): ApiError {
  const { code, syscall, path } = error as { code?: string; syscall?: string; path?: string };
  deps.logger.error({ code, syscall, path, storage: deps.config.files.storage }, "file storage unavailable");
  return new ApiError(
    503,
    ErrorCode.ServiceUnavailable,
    "The file could not be stored right now. Please try again later.",
    {
      reason: "storage",
      retryAfterSeconds: SERVICE_UNAVAILABLE_RETRY_SECONDS,
    },
  );
}

const FIELD_MAX_BYTES = 64 * 1024;
/** A body that is no multipart upload is read no further than any call's (server/http/api.ts). */
const OTHER_BODY_BYTES = 1024 * 1024;
const notFormData = () => new ApiError(400, ErrorCode.ValidationFailed, "The body is not valid form data.");
/** The multipart envelope beyond the file itself (boundaries, headers, small fields). */
const ENVELOPE_BYTES = 256 * 1024;

/** What a request that carries no multipart upload is answered: 400, 413 or the missing file (always thrown). */
async function refuseNonUpload(request: Request, type: string, maxBytes: number): Promise<never> {
  if (request.body && type.toLowerCase().startsWith("multipart/")) {
    await request.body.cancel().catch(() => undefined);
    throw notFormData();
  }
  // Not an upload at all: read as any other call's body (within its limit), then say what is missing.
  if (request.body && (await readBodyBytes(request, OTHER_BODY_BYTES)) === null) {
    throw new ApiError(413, ErrorCode.PayloadTooLarge, `The request body is larger than ${OTHER_BODY_BYTES} bytes.`);
  }
  throw rejectFile("missing", maxBytes);
}

/** A sink for a part that is not the file: read and dropped, within a small field's size. */
function discard(maxBytes: number): PartSink {
  let size = 0;
  return {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > FIELD_MAX_BYTES) throw rejectFile("tooLarge", maxBytes);
    },
    async end() {},
  };
}

interface ReceivedFile {
  written: number;
  /** The file's first bytes (up to 1 KiB), to sniff its type. */
  head: Buffer;
  clientName: string | null;
}

/** Streams the part "File" of the body to storage under `key`: its size, first bytes and name as the client sent it. */
async function receiveFile(
  deps: ServiceDeps,
  body: ReadableStream<Uint8Array>,
  boundary: string,
  storage: FileStorage,
  key: string,
): Promise<ReceivedFile> {
  const maxBytes = deps.config.files.maxBytes;
  const received: ReceivedFile = { written: 0, head: Buffer.alloc(0), clientName: null };
  let writer: StorageWriter | null = null;
  let finished = false;
  try {
    await readMultipart(body, boundary, async (part) => {
      if (part.name !== "File" || part.filename === null || writer) return discard(maxBytes);
      received.clientName = part.filename;
      const w = storage.createWriter(key);
      writer = w;
      return {
        async write(chunk) {
          received.written += chunk.byteLength;
          if (received.written > maxBytes) throw rejectFile("tooLarge", maxBytes);
          const head = received.head;
          if (head.length < 1024)
            received.head = Buffer.concat([head, Buffer.from(chunk.subarray(0, 1024 - head.length))]);
          await w.write(chunk);
        },
        async end() {
          await w.finish();
          finished = true;
        },
      };
    });
  } catch (error) {
    await (writer as StorageWriter | null)?.abort().catch(() => undefined);
    throw uploadFailure(deps, error);
  }
  if (!writer || !finished) throw rejectFile("missing", maxBytes);
  return received;
}

/** What a failed upload is answered. */
function uploadFailure(deps: ServiceDeps, error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (isStorageFailure(error)) return storageUnavailable(deps, error);
  if (error instanceof MultipartError) {
    if (error.tooLarge)
      return new ApiError(413, ErrorCode.PayloadTooLarge, "The multipart body has no part within its first bytes.");
    return notFormData();
  }
  return error;
}

/** The stored file's format (PDF or DOCX), or it is removed and refused (empty, a zip bomb, another type). */
async function checkedFormat(
  deps: ServiceDeps,
  storage: FileStorage,
  key: string,
  { written, head }: ReceivedFile,
): Promise<keyof typeof CONTENT_TYPES> {
  const refuse = async (reason: FileRejection) => {
    await storage.remove(key).catch(() => undefined);
    return rejectFile(reason, deps.config.files.maxBytes);
  };
  if (written === 0) throw await refuse("empty");
  let format = sniff(head);
  if (format === "zip") {
    const bytes = await storage.read(key).catch((error: unknown) => {
      throw isStorageFailure(error) ? storageUnavailable(deps, error) : error;
    });
    const verdict = await checkDocx(bytes);
    if (verdict === "bomb") throw await refuse("zip");
    format = verdict === "docx" ? "docx" : null;
  }
  if (format === null) throw await refuse("type");
  return format;
}

/**
 * POST /files: streams the part "File" to storage as it arrives (never whole in memory), refusing it as soon as it
 * grows beyond UPLOAD_MAX_BYTES; then checks its content, and records it for its uploader.
 */
export async function uploadFile(deps: ServiceDeps, principal: Principal, request: Request): Promise<FileUploadBody> {
  const maxBytes = deps.config.files.maxBytes;
  const type = request.headers.get("content-type") ?? "";
  const boundary = multipartBoundary(type);
  if (!boundary || !request.body) return refuseNonUpload(request, type, maxBytes);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes + ENVELOPE_BYTES) {
    await request.body.cancel().catch(() => undefined);
    throw rejectFile("tooLarge", maxBytes);
  }

  const storage = fileStorage(deps);
  const key = storage.newKey();
  const received = await receiveFile(deps, request.body, boundary, storage, key);
  const format = await checkedFormat(deps, storage, key, received);

  const id = newId();
  // The name the user gave it, case and extension kept (issue 24, defect 6): the type comes from the content, not the
  // name. A name the client left out (or that is only a path) gets the content's extension.
  const name = cleanFileName(received.clientName, `protocol.${format}`);
  await deps.database.db.insert(files).values({
    id,
    companyId: principal.homeCompanyId,
    studyId: null,
    uploadedBy: principal.userId,
    name,
    contentType: CONTENT_TYPES[format],
    size: received.written,
    storage: storage.kind,
    storageKey: key,
  });
  return { value: { fileId: id, name, size: received.written } };
}

/** A file the pipeline makes (the recognised protocol, the history file), stored and recorded for the study. */
export async function storeGeneratedFile(
  deps: ServiceDeps,
  db: Db,
  input: { companyId: string; studyId: string; name: string; contentType: string; bytes: Uint8Array },
): Promise<{ id: string; name: string }> {
  const storage = fileStorage(deps);
  const key = storage.newKey();
  const writer = storage.createWriter(key);
  try {
    await writer.write(input.bytes);
    await writer.finish();
  } catch (error) {
    await writer.abort().catch(() => undefined);
    throw error;
  }
  const id = newId();
  await db.insert(files).values({
    id,
    companyId: input.companyId,
    studyId: input.studyId,
    uploadedBy: null,
    name: input.name,
    contentType: input.contentType,
    size: input.bytes.byteLength,
    storage: storage.kind,
    storageKey: key,
  });
  return { id, name: input.name };
}

export type FileRow = typeof files.$inferSelect;

/**
 * The file, when this caller may read it: an upload not yet used by a request only by its uploader; a study's file
 * by whoever may see that study. Anything else, another company's above all, is "not found".
 */
export async function readableFile(db: Db, principal: Principal, id: string): Promise<FileRow | null> {
  if (!OBJECT_ID.test(id)) return null;
  const [row] = await db
    .select({ file: files, studyName: studies.name })
    .from(files)
    .leftJoin(studies, and(eq(studies.id, files.studyId), eq(studies.companyId, files.companyId)))
    .where(eq(files.id, id))
    .limit(1);
  if (!row) return null;
  const { file, studyName } = row;
  if (file.studyId === null) {
    return file.uploadedBy === principal.userId && file.companyId === principal.homeCompanyId ? file : null;
  }
  if (!studyName) return null;
  const address = `api/companies/${encodeURIComponent(file.companyId)}/studies/${encodeURIComponent(studyName)}/get`;
  return (await principal.can(address)) ? file : null;
}

/** POST /files/get/{id}: the bytes, with the original name in Content-Disposition (RFC 6266). */
export async function downloadFile(deps: ServiceDeps, principal: Principal, id: string): Promise<Response> {
  const file = await readableFile(deps.database.db, principal, id);
  if (!file) throw notFound("The file does not exist.");
  const storage = fileStorage(deps, file.storage);
  return new Response(storage.openRead(file.storageKey), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      "content-disposition": contentDisposition(file.name),
      "x-content-type-options": "nosniff",
      ...NO_STORE,
    },
  });
}

/** The bytes of a file the pipeline reads (the submitted protocol). */
export async function readFileBytes(deps: ServiceDeps, file: FileRow): Promise<Buffer> {
  return fileStorage(deps, file.storage).read(file.storageKey);
}
