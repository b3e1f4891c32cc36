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
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (info: PartInfo) => Promise<PartSink>,
): Promise<void> {
  const reader = body.getReader();
  try {
    await new MultipartReader(reader, boundary, onPart).read();
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

type ReaderState = "preamble" | "afterDelimiter" | "headers" | "body" | "done";

/** The state machine of `readMultipart`: each step reads what it can from the buffer and says the next state. */
class MultipartReader {
  private readonly delimiter: Buffer;
  // The first boundary has no CRLF before it: pretend it had.
  private buffer: Buffer = Buffer.from("\r\n");
  private sink: PartSink | null = null;
  private ended = false;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    boundary: string,
    private readonly onPart: (info: PartInfo) => Promise<PartSink>,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  async read(): Promise<void> {
    let state: ReaderState = "preamble";
    while (state !== "done") {
      if (state === "preamble") state = await this.preamble();
      else if (state === "afterDelimiter") state = await this.afterDelimiter();
      else if (state === "headers") state = await this.headers();
      else state = await this.body();
    }
  }

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await readRequestChunk(this.reader);
    if (done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, value]) : Buffer.from(value);
    return true;
  }

  private async preamble(): Promise<ReaderState> {
    const at = this.buffer.indexOf(this.delimiter);
    if (at < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError("No multipart boundary was found.", true);
      if (!(await this.more())) throw new MultipartError("No multipart boundary was found.");
      return "preamble";
    }
    this.buffer = this.buffer.subarray(at + this.delimiter.length);
    return "afterDelimiter";
  }

  private async afterDelimiter(): Promise<ReaderState> {
    const buffer = this.buffer;
    if (buffer.length < 2) {
      if (!(await this.more())) throw new MultipartError("The multipart body ends early.");
      return "afterDelimiter";
    }
    if (buffer[0] === 0x2d && buffer[1] === 0x2d) return "done";
    // Transport padding (spaces, tabs) may follow a boundary before its CRLF.
    const crlf = buffer.indexOf("\r\n");
    if (crlf < 0) {
      if (buffer.length > 256 || !(await this.more())) throw new MultipartError("The multipart body is malformed.");
      return "afterDelimiter";
    }
    this.buffer = buffer.subarray(crlf + 2);
    return "headers";
  }

  private async headers(): Promise<ReaderState> {
    const at = this.buffer.indexOf(CRLF_CRLF);
    if (at < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError("A part's headers are too long.");
      if (!(await this.more())) throw new MultipartError("The multipart body ends early.");
      return "headers";
    }
    const info = parsePartHeaders(this.buffer.subarray(0, at).toString("utf8"));
    this.buffer = this.buffer.subarray(at + 4);
    this.sink = await this.onPart(info);
    return "body";
  }

  private async body(): Promise<ReaderState> {
    const delimiter = this.delimiter;
    const at = this.buffer.indexOf(delimiter);
    if (at >= 0) {
      if (at > 0) await this.sink!.write(this.buffer.subarray(0, at));
      await this.sink!.end();
      this.sink = null;
      this.buffer = this.buffer.subarray(at + delimiter.length);
      return "afterDelimiter";
    }
    // Keep what could be the start of a delimiter; hand on the rest.
    const keep = delimiter.length - 1;
    if (this.buffer.length > keep) {
      const out = this.buffer.subarray(0, this.buffer.length - keep);
      this.buffer = Buffer.from(this.buffer.subarray(this.buffer.length - keep));
      await this.sink!.write(out);
    }
    if (!(await this.more())) throw new MultipartError("The multipart body ends early.");
    return "body";
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
