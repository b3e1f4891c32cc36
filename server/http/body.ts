/**
 * The request's body could not be read on: its client closed the connection, or the connection broke, while it was
 * sending (an ECONNRESET here is the client's socket, not the database's). Logged as such, never as a server fault.
 */
export class ClientAbortError extends Error {
  constructor(cause: unknown) {
    super(`The request body ended early: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ClientAbortError";
  }
}

/** The next chunk of a request's body; a failure to read it is the client's (ClientAbortError). */
export async function readRequestChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch (error) {
    throw new ClientAbortError(error);
  }
}

/**
 * Reads a request body as text, streaming, and stops as soon as it grows beyond maxBytes (a Content-Length header can
 * lie or be absent). Returns null when the body is too large; the caller answers in its own terms.
 */
export async function readBodyText(request: Pick<Body, "body">, maxBytes: number): Promise<string | null> {
  const bytes = await readBodyBytes(request, maxBytes);
  return bytes === null ? null : Buffer.from(bytes).toString("utf8");
}

/**
 * The body's bytes, read as readBodyText reads it: null as soon as it grows beyond maxBytes. A request's body, or a
 * response's (what another server sends us is limited the same way).
 */
export async function readBodyBytes(message: Pick<Body, "body">, maxBytes: number): Promise<Uint8Array | null> {
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const isRequest = !("status" in message);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A request's body that breaks is its client's doing; another server's answer that breaks is not.
    const { done, value } = isRequest ? await readRequestChunk(reader) : await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Form data (multipart or urlencoded) read within maxBytes: the body is read up to the limit first, then parsed.
 * Returns "tooLarge" beyond the limit and "unreadable" when the bytes are not the form data the type says.
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | "tooLarge" | "unreadable"> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes === null) return "tooLarge";
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      body: Buffer.from(bytes),
    }).formData();
  } catch {
    return "unreadable";
  }
}
