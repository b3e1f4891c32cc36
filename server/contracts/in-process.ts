/**
 * A call of the web app to the API in the same process, without a Request or a Response
 * (docs/decisions/0045-in-process-api-calls.md): the web app's transport makes it, the API's pipeline
 * (server/http/in-process.ts) answers it through the same named steps as a call over HTTP.
 */
export interface InProcessCall {
  method: string;
  /** The path template of the call's definition, below /api: "/companies/:companyId/get". */
  path: string;
  /** The filled path as the client would have sent it: "/api/companies/C/get". */
  pathname: string;
  params: Record<string, string>;
  /** A JSON value, form fields (strings only), or nothing. */
  body?: unknown;
  authorization?: string | null;
  /** Builds the equivalent HTTP request, for the few handlers that read it. */
  request: () => Request;
}

/**
 * The answer: the data of a 2xx answer (a copy through JSON, as the client would have read it, so no cached or shared
 * object of the API reaches a page), or the Response a handler or a problem made.
 */
export type InProcessAnswer = { status: 200; data: unknown } | Response;
