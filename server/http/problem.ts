import { ErrorCode, type ProblemBody } from "../contracts/common";
import { NO_STORE } from "../contracts/headers";

/** A failure the API answers in the result wrapper's shape: title (the error code), detail, additionalData. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly additionalData?: unknown,
  ) {
    super(`${title}: ${detail}`);
    this.name = "ApiError";
  }
}

export const notAuthenticated = (detail = "Sign-in is required.") =>
  new ApiError(401, ErrorCode.NotAuthenticated, detail);
export const forbidden = (detail = "You lack the permissions for this call.") =>
  new ApiError(403, ErrorCode.Forbidden, detail);
export const notFound = (detail = "Not found.") => new ApiError(404, ErrorCode.NotFound, detail);
export const validationFailed = (issues: { path: string; message: string }[], detail = "The request is not valid.") =>
  new ApiError(400, ErrorCode.ValidationFailed, detail, { issues });

/** How long a caller should wait before trying again after a ServiceUnavailable. */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;

export const serviceUnavailable = (detail = "The service is briefly unavailable. Please try again in a moment.") =>
  new ApiError(503, ErrorCode.ServiceUnavailable, detail, { retryAfterSeconds: SERVICE_UNAVAILABLE_RETRY_SECONDS });

export function problemResponse(error: ApiError, requestId?: string, headers: HeadersInit = {}): Response {
  const body: ProblemBody = {
    type: "about:blank",
    title: error.title,
    status: error.status,
    detail: error.detail,
    ...(error.additionalData === undefined ? {} : { additionalData: error.additionalData }),
    ...(requestId ? { requestId } : {}),
  };
  const responseHeaders = new Headers(headers);
  responseHeaders.set("content-type", "application/problem+json; charset=utf-8");
  for (const [name, value] of Object.entries(NO_STORE)) responseHeaders.set(name, value);
  if (error.status === 401) responseHeaders.set("www-authenticate", 'Bearer realm="api"');
  // A pause asked for in the answer (429, 503) is said in the header too, in whole seconds (RFC 9110 §10.2.3).
  const retryAfter = (error.additionalData as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter > 0) {
    responseHeaders.set("retry-after", String(Math.ceil(retryAfter)));
  }
  return new Response(JSON.stringify(body), { status: error.status, headers: responseHeaders });
}
