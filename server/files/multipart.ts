/**
 * A streaming reader of multipart/form-data (RFC 7578): parts are handed on chunk by chunk as they arrive, so an
 * upload is never held whole in memory. Only what the files call needs: part headers (Content-Disposition's name and
 * filename, Content-Type) and the part's bytes.
 */
import { readRequestChunk } from "../http/body";

export interface PartInfo {
  name: string;
  /** The file name the client gave (filename* of RFC 5987 preferred), or null for a plain field. */
  filename: string | null;
  contentType: string | null;
}

/** What receives one part's bytes. */
export interface PartSink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

export class MultipartError extends Error {
  constructor(
    message: string,
    /** The body went on beyond what this reader accepts before a part (an endless preamble). */
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF_CRLF = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(";").map((p) => p.trim());
  if (type?.toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "boundary") continue;
    let value = param.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (value.length >= 1 && value.length <= 70) return value;
  }
  return null;
}

/**
 * Reads the body, calling onPart for each part; its sink gets the part's bytes. Resolves when the closing boundary has
 * been read; throws MultipartError when the body is not well-formed multipart.
 */
// eslint-disable-next-line max-lines-per-function -- 93 lines, not yet split: the backlog of issue 21
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (info: PartInfo) => Promise<PartSink>,
): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary has no CRLF before it: pretend it had.
  let buffer: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "afterDelimiter" | "headers" | "body" | "done" = "preamble";
  let sink: PartSink | null = null;

  const reader = body.getReader();
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { done, value } = await readRequestChunk(reader);
    if (done) {
      ended = true;
      return false;
    }
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value);
    return true;
  };

  try {
    for (;;) {
      if (state === "done") break;
      if (state === "preamble") {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("No multipart boundary was found.", true);
          if (!(await more())) throw new MultipartError("No multipart boundary was found.");
          continue;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "afterDelimiter";
        continue;
      }
      if (state === "afterDelimiter") {
        if (buffer.length < 2) {
          if (!(await more())) throw new MultipartError("The multipart body ends early.");
          continue;
        }
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = "done";
          continue;
        }
        // Transport padding (spaces, tabs) may follow a boundary before its CRLF.
        const crlf = buffer.indexOf("\r\n");
        if (crlf < 0) {
          if (buffer.length > 256 || !(await more())) throw new MultipartError("The multipart body is malformed.");
          continue;
        }
        buffer = buffer.subarray(crlf + 2);
        state = "headers";
        continue;
      }
      if (state === "headers") {
        const at = buffer.indexOf(CRLF_CRLF);
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("A part's headers are too long.");
          if (!(await more())) throw new MultipartError("The multipart body ends early.");
          continue;
        }
        const info = parsePartHeaders(buffer.subarray(0, at).toString("utf8"));
        buffer = buffer.subarray(at + 4);
        sink = await onPart(info);
        state = "body";
        continue;
      }
      // body
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) await sink!.write(buffer.subarray(0, at));
        await sink!.end();
        sink = null;
        buffer = buffer.subarray(at + delimiter.length);
        state = "afterDelimiter";
        continue;
      }
      // Keep what could be the start of a delimiter; hand on the rest.
      const keep = delimiter.length - 1;
      if (buffer.length > keep) {
        const out = buffer.subarray(0, buffer.length - keep);
        buffer = Buffer.from(buffer.subarray(buffer.length - keep));
        await sink!.write(out);
      }
      if (!(await more())) throw new MultipartError("The multipart body ends early.");
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parsePartHeaders(text: string): PartInfo {
  let name: string | null = null;
  let filename: string | null = null;
  let filenameStar: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") contentType = value;
    if (header !== "content-disposition") continue;
    for (const match of value.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
      const key = match[1]!.toLowerCase();
      const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "").trim();
      if (key === "name") name = raw;
      else if (key === "filename") filename = raw;
      else if (key === "filename*") filenameStar = decodeExtValue(raw);
    }
  }
  if (name === null) throw new MultipartError("A part has no name.");
  return { name, filename: filenameStar ?? filename, contentType };
}

/** RFC 5987 ext-value: charset'lang'percent-encoded. */
function decodeExtValue(value: string): string | null {
  const match = /^([A-Za-z0-9!#$&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match || match[1]!.toLowerCase() !== "utf-8") return null;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
}
