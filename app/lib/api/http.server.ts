import { data } from "@remix-run/node";
import type { AnswerOf, ApiCall, ParamsOf, RequestOf } from "@server/contracts/calls/define";
import { callPath } from "@server/contracts/calls/define";
import type { ProblemBody } from "@server/contracts/common";
import { NO_STORE } from "@server/contracts/headers";
import {
  INTERNAL_API_ORIGIN,
  type ApiInvoke,
  type ApiTransport,
  type InProcessAnswer,
  type TransportHints,
} from "./transport.server";

/** A failed call, read as the spec's result wrapper says (000 §8). */
export interface ApiFailure {
  /** The error code: the problem's title, an Error field, the network error's name, or "Unknown". */
  code: string;
  detail: string;
  additionalData?: unknown;
  requestId?: string;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiFailure };

export interface ApiClientOptions {
  transport: ApiTransport;
  /**
   * The signed-in user's access token, sent as a Bearer token; a function is asked at each call (the request's client,
   * whose sign-in is resolved once per request: app/lib/auth.server.ts).
   */
  accessToken?: string | null | (() => string | null | undefined);
  /** Carried to the API so both sides log the same request id. */
  requestId?: string;
  /** Handed to an in-process API with every call (the web request's authentications). */
  hints?: TransportHints;
  /**
   * The API in the same process, called without a Request or a Response (docs/decisions/0045); calls with a JSON or
   * text-form body (or none) take it, uploads and raw answers keep the transport.
   */
  invoke?: ApiInvoke;
}

/** What a call may send: its request contract's input, form data, or a stream (an upload passed on as it arrives). */
export type CallBody<C> = RequestOf<C> | FormData | ReadableStream<Uint8Array>;

/**
 * The transport helpers every area's calls are made with (app/lib/api/<area>.server.ts). A call is named by its
 * definition in server/contracts/calls: its method and path come from there, its parameters and answer are typed by it.
 */
export interface ApiHttp {
  call<C extends ApiCall>(call: C, params: ParamsOf<C>, body?: CallBody<C>): Promise<ApiResult<AnswerOf<C>>>;
  /** A binary or streamed answer (images, downloads, CSV): the raw Response on success. */
  callRaw<C extends ApiCall>(
    call: C,
    params: ParamsOf<C>,
    headers?: Record<string, string>,
    body?: CallBody<C>,
  ): Promise<ApiResult<Response>>;
  /** Form data from the defined fields. */
  form(fields: Record<string, string | undefined | null>): FormData;
}

/** How a call is sent: over the transport (a Request), or in-process as a value when the client has the API's invoke. */
function senders(options: ApiClientOptions) {
  const token = typeof options.accessToken === "function" ? options.accessToken : () => options.accessToken;

  function headersFor(extraHeaders?: HeadersInit): Headers {
    const headers = new Headers(extraHeaders);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    const accessToken = token();
    if (accessToken) headers.set("authorization", `Bearer ${accessToken}`);
    if (options.requestId) headers.set("x-request-id", options.requestId);
    return headers;
  }

  function requestFor(call: ApiCall, path: string, body?: unknown, extraHeaders?: HeadersInit): Request {
    const headers = headersFor(extraHeaders);
    let payload: BodyInit | undefined;
    // A stream (an upload passed on as it arrives) goes as it is; its content type is in extraHeaders.
    if (body instanceof FormData || body instanceof ReadableStream) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    return new Request(`${INTERNAL_API_ORIGIN}/api/${path}`, {
      method: call.method,
      headers,
      body: payload,
      ...(payload instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  }

  async function send(call: ApiCall, params: unknown, body?: unknown, extraHeaders?: HeadersInit): Promise<Response> {
    const path = callPath(call, params as Record<string, string>);
    return options.transport(requestFor(call, path, body, extraHeaders), options.hints);
  }

  /** The in-process call when there is one and the body allows it; else the transport's answer. */
  async function answer(call: ApiCall, params: unknown, body?: unknown): Promise<InProcessAnswer> {
    const invoke = options.invoke;
    if (!invoke || !directBody(body)) return send(call, params, body);
    const path = callPath(call, params as Record<string, string>);
    const accessToken = token();
    return invoke(
      {
        method: call.method,
        path: call.path,
        pathname: `/api/${path}`,
        params: params as Record<string, string>,
        body,
        authorization: accessToken ? `Bearer ${accessToken}` : null,
        request: () => requestFor(call, path, body),
      },
      options.hints,
    );
  }

  return { send, answer };
}

export function createApiHttp(options: ApiClientOptions): ApiHttp {
  const { send, answer } = senders(options);
  return {
    async call(call, params, body) {
      let response: InProcessAnswer;
      try {
        response = await answer(call, params, body);
      } catch (error) {
        // A Response thrown by the transport (the sign-in redirect after a 401) goes on to Remix.
        if (error instanceof Response) throw error;
        const failure =
          error instanceof Error
            ? { code: error.name, detail: error.message }
            : { code: "Unknown", detail: String(error) };
        return { ok: false, status: 0, error: failure };
      }
      if (!(response instanceof Response))
        return { ok: true, status: 200, data: response.data as AnswerOf<typeof call> };
      if (response.status >= 200 && response.status < 300) {
        return { ok: true, status: response.status, data: (await response.json()) as AnswerOf<typeof call> };
      }
      if (response.status === 503) throw serviceUnavailable(response);
      return { ok: false, status: response.status, error: await readFailure(response) };
    },
    async callRaw(call, params, headers, body) {
      try {
        const response = await send(call, params, body, { accept: "*/*", ...headers });
        if (response.status < 400) return { ok: true, status: response.status, data: response };
        if (response.status === 503) throw serviceUnavailable(response);
        return { ok: false, status: response.status, error: await readFailure(response) };
      } catch (error) {
        // The 503 answer (serviceUnavailable) goes on to Remix as it does from call(), not as a failed transport.
        if (error instanceof Response || isServiceUnavailable(error)) throw error;
        return {
          ok: false,
          status: 0,
          error: { code: error instanceof Error ? error.name : "Unknown", detail: String(error) },
        };
      }
    },
    form(fields) {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined && value !== null) data.set(key, value);
      return data;
    },
  };
}

/** A body an in-process call takes as a value: none, JSON, or form data of text fields only (no files, no stream). */
function directBody(body: unknown): boolean {
  if (body instanceof ReadableStream) return false;
  if (body instanceof FormData) {
    for (const value of body.values()) if (typeof value !== "string") return false;
  }
  return true;
}

/** Whether a thrown value is the 503 answer serviceUnavailable() makes (a caller may say it in its own words). */
export function isServiceUnavailable(value: unknown): boolean {
  if (value instanceof Response) return value.status === 503;
  return (value as { init?: { status?: unknown } } | null)?.init?.status === 503;
}

/**
 * The API is briefly unavailable (its database cannot be reached): no page can be made, whatever was asked. Thrown as
 * a 503 response, which every route's error boundary shows as "briefly unavailable, try again" (never as a crash),
 * and which leaves the session alone.
 */
export function serviceUnavailable(response?: Response): Response {
  return data(null, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "retry-after": response?.headers.get("retry-after") ?? "5", ...NO_STORE },
  }) as unknown as Response;
}

async function readFailure(response: Response): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (body && typeof body === "object") {
    const problem = body as Partial<ProblemBody> & { Error?: unknown; Details?: unknown };
    if (typeof problem.title === "string") {
      return {
        code: problem.title,
        detail: typeof problem.detail === "string" ? problem.detail : "",
        additionalData: problem.additionalData,
        requestId: typeof problem.requestId === "string" ? problem.requestId : undefined,
      };
    }
    if (typeof problem.Error === "string") {
      return { code: problem.Error, detail: typeof problem.Details === "string" ? problem.Details : "" };
    }
  }
  return { code: "Unknown", detail: `HTTP ${response.status}` };
}
