import { readBodyBytes } from "../http/body";

/**
 * What every request to the web app passes before Remix sees it (docs/decisions/0022-web-request-guards.md):
 *  1. the host it was addressed to must be one of ours (ALLOWED_HOSTS), against DNS rebinding;
 *  2. only GET, HEAD and POST reach the app (what browsers and forms send): any other method is a 405;
 *  3. a form post must prove where it comes from: an Origin (or, without one, a Referer) of this very site;
 *  4. a form post's body is read up to WEB_FORM_MAX_BYTES, no further, and must be form data of a form's type
 *     (urlencoded, multipart, text/plain) that can be read: no body type, JSON or broken bytes are a 400.
 * A refusal is a page that says what happened and what to do, never a bare 500.
 */
export interface WebGuardSettings {
  publicUrl: string;
  trustProxy: boolean;
  allowedHosts: readonly string[];
  formMaxBytes: number;
  /**
   * Pages whose multipart posts are uploads passed on to the API as they arrive (issue 15): not read here; the API
   * limits them (UPLOAD_MAX_BYTES) while it streams them to storage.
   */
  streamedUploads?: RegExp;
}

/** Why a request was not handed to the app as it came. */
export type WebRefusal =
  | { kind: "host"; status: 421; address: string }
  | { kind: "origin"; status: 403; address: string; from: string | null }
  /** `multipart`: the form could carry files (issue 24: a page opens the file form again with the reason). */
  | { kind: "formTooLarge"; status: 413; maxBytes: number; multipart: boolean }
  | { kind: "formUnreadable"; status: 400 }
  | { kind: "method"; status: 405 };

export type GuardOutcome = { ok: true; request: Request } | { ok: false; refusal: WebRefusal; request: Request };

/** The scheme and host the client used: the request's own, or the proxy's when TRUST_PROXY says to believe it. */
export function requestOrigin(
  request: Request,
  settings: Pick<WebGuardSettings, "trustProxy">,
): { origin: string; hostname: string } {
  const url = new URL(request.url);
  const headers = request.headers;
  const first = (value: string | null) => value?.split(",")[0]?.trim() || null;
  const forwardedHost = settings.trustProxy ? first(headers.get("x-forwarded-host")) : null;
  const forwardedProto = settings.trustProxy ? first(headers.get("x-forwarded-proto")) : null;
  const host = forwardedHost ?? headers.get("host") ?? url.host;
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : url.protocol;
  let hostname: string;
  try {
    hostname = new URL(`${protocol}//${host}`).hostname.toLowerCase();
  } catch {
    hostname = "";
  }
  return { origin: `${protocol}//${host}`.toLowerCase(), hostname };
}

const isHostAllowed = (hostname: string, settings: WebGuardSettings) =>
  hostname !== "" && (settings.allowedHosts.includes("*") || settings.allowedHosts.includes(hostname));

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin.toLowerCase();
  } catch {
    return null;
  }
}

const tooLargeRefusal = (contentType: string, settings: WebGuardSettings): WebRefusal => ({
  kind: "formTooLarge",
  status: 413,
  maxBytes: settings.formMaxBytes,
  multipart: contentType.startsWith("multipart/form-data"),
});

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];

/**
 * Checks one web request. A post that passes comes back as a new request whose body is the bytes already read and
 * whose Host is the origin the browser named, so Remix's own CSRF guard agrees with ours whatever proxy rewrote it.
 */
export async function guardWebRequest(request: Request, settings: WebGuardSettings): Promise<GuardOutcome> {
  const own = requestOrigin(request, settings);
  if (!isHostAllowed(own.hostname, settings)) {
    return { ok: false, request, refusal: { kind: "host", status: 421, address: own.origin } };
  }
  if (request.method === "GET" || request.method === "HEAD") return { ok: true, request };
  if (request.method !== "POST") {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, request, refusal: { kind: "method", status: 405 } };
  }

  const accepted = new Set([own.origin, new URL(settings.publicUrl).origin.toLowerCase()]);
  const claimed =
    originOf(request.headers.get("origin")) ??
    (request.headers.has("origin") ? null : originOf(request.headers.get("referer")));
  if (!claimed || !accepted.has(claimed)) {
    return {
      ok: false,
      request,
      refusal: { kind: "origin", status: 403, address: own.origin, from: claimed ?? request.headers.get("origin") },
    };
  }

  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (settings.streamedUploads?.test(new URL(request.url).pathname) && contentType.startsWith("multipart/form-data")) {
    const headers = new Headers(request.headers);
    headers.set("host", new URL(claimed).host);
    headers.delete("x-forwarded-host");
    // An upload is passed on unread, so only its opening is checked here: a multipart body begins with its boundary.
    // What does not (no boundary, no body, other bytes) is refused like any unreadable form, before the action runs.
    const body = await peekMultipart(request, request.headers.get("content-type") ?? "");
    if (!body) {
      return {
        ok: false,
        request: new Request(request.url, { headers }),
        refusal: { kind: "formUnreadable", status: 400 },
      };
    }
    return {
      ok: true,
      request: new Request(request.url, { method: "POST", headers, body, duplex: "half" } as RequestInit),
    };
  }

  const tooLarge = tooLargeRefusal(contentType, settings);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > settings.formMaxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, request, refusal: tooLarge };
  }
  const body = await readBodyBytes(request, settings.formMaxBytes);
  if (body === null) return { ok: false, request, refusal: tooLarge };

  const headers = new Headers(request.headers);
  headers.set("host", new URL(claimed).host);
  headers.delete("x-forwarded-host");
  const passed = new Request(request.url, {
    method: request.method,
    headers,
    body: body.byteLength ? Buffer.from(body) : undefined,
  });

  // Every action reads the post as form data: what is not (no type, JSON, broken bytes) is refused here, once, with
  // the page and a message, instead of failing inside the action.
  const type = (headers.get("content-type") ?? "").toLowerCase();
  let readable = FORM_TYPES.some((t) => type.startsWith(t));
  if (readable) {
    try {
      await passed.clone().formData();
    } catch {
      readable = false;
    }
  }
  if (!readable) return { ok: false, request: passed, refusal: { kind: "formUnreadable", status: 400 } };
  return { ok: true, request: passed };
}

/**
 * Reads the opening bytes of a streamed multipart post and checks that they are its boundary. Answers a stream of the
 * whole body (the opening bytes, then the rest as it arrives), or null when the post is not multipart form data.
 */
async function peekMultipart(
  request: Request,
  contentType: string /* as sent: a boundary is case-sensitive */,
): Promise<ReadableStream<Uint8Array> | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const expected = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  if (!boundary || !request.body) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  const reader = request.body.getReader();
  const opening: Uint8Array[] = [];
  let length = 0;
  while (length < expected.length) {
    const { done, value } = await reader.read();
    if (done) break;
    opening.push(value);
    length += value.byteLength;
  }
  const head = Buffer.concat(opening);
  if (head.length < expected.length || !head.subarray(0, expected.length).equals(expected)) {
    await reader.cancel().catch(() => undefined);
    return null;
  }
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(new Uint8Array(head));
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
