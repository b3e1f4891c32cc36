import { data } from "@remix-run/node";
import type { ResetResultBody, TokenResponse } from "@server/contracts/auth";
import type { PagingRequest, ProblemBody } from "@server/contracts/common";
import type { CompanyInfo, CompanyUserList } from "@server/contracts/companies";
import { NO_STORE } from "@server/contracts/headers";
import type { NotificationCount } from "@server/contracts/notifications";
import type {
  AuthorizationCheck,
  AuthorizationCheckBody,
  AuthorizationCodeBody,
  AuthorizationCodeRequest,
  EndSessionBody,
} from "@server/contracts/oauth";
import type { OidcDiscovery } from "@server/contracts/oidc-sso";
import type { PermissionCheckResponse } from "@server/contracts/permissions";
import type { Settings } from "@server/contracts/settings";
import type { StudyBasicInfo, StudyList } from "@server/contracts/studies";
import { auditCalls } from "./audit.server";
import { cdqCalls } from "./cdq.server";
import { cpcdCalls } from "./cpcd.server";
import { protocolAnalysisCalls } from "./protocol-analysis.server";
import { INTERNAL_API_ORIGIN, type ApiTransport, type TransportHints } from "./transport.server";

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
  /** The signed-in user's access token; sent as a Bearer token. */
  accessToken?: string | null;
  /** Carried to the API so both sides log the same request id. */
  requestId?: string;
  /** Handed to an in-process API with every call (the web request's authentications). */
  hints?: TransportHints;
}

const seg = (value: string) => encodeURIComponent(value);

/** The one typed client through which loaders and actions reach the product API (000 §7, 001 §7). */
export function createApiClient(options: ApiClientOptions) {
  async function send(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    extraHeaders?: HeadersInit,
  ): Promise<Response> {
    const headers = new Headers(extraHeaders);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    if (options.accessToken) headers.set("authorization", `Bearer ${options.accessToken}`);
    if (options.requestId) headers.set("x-request-id", options.requestId);
    let payload: BodyInit | undefined;
    // A stream (an upload passed on as it arrives) goes as it is; its content type is in extraHeaders.
    if (body instanceof FormData || body instanceof ReadableStream) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    return options.transport(
      new Request(`${INTERNAL_API_ORIGIN}/api/${path}`, {
        method,
        headers,
        body: payload,
        ...(payload instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit),
      options.hints,
    );
  }

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<ApiResult<T>> {
    let response: Response;
    try {
      response = await send(method, path, body);
    } catch (error) {
      // A Response thrown by the transport (the sign-in redirect after a 401) goes on to Remix.
      if (error instanceof Response) throw error;
      const failure =
        error instanceof Error
          ? { code: error.name, detail: error.message }
          : { code: "Unknown", detail: String(error) };
      return { ok: false, status: 0, error: failure };
    }
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, status: response.status, data: (await response.json()) as T };
    }
    if (response.status === 503) throw serviceUnavailable(response);
    return { ok: false, status: response.status, error: await readFailure(response) };
  }

  /** A binary or streamed answer (images, downloads, CSV): the raw Response on success. */
  async function callRaw(
    method: "GET" | "POST",
    path: string,
    headers?: Record<string, string>,
    body?: unknown,
  ): Promise<ApiResult<Response>> {
    try {
      const response = await send(method, path, body, { accept: "*/*", ...headers });
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
  }

  const form = (fields: Record<string, string | undefined | null>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) data.set(key, value);
    return data;
  };

  /** What a feature area's calls are made with (app/lib/api/<area>.server.ts). */
  const http: ApiHttp = { call, callRaw, form, seg };

  return {
    auth: {
      /** 000 §7: form-data Email, optional Password, optional SecurityCode (and the code's AttemptId). */
      login: (input: { email: string; password?: string; securityCode?: string; attemptId?: string }) =>
        call<TokenResponse>(
          "POST",
          "auth/login",
          form({
            Email: input.email,
            Password: input.password,
            SecurityCode: input.securityCode,
            AttemptId: input.attemptId,
          }),
        ),
      sendResetPasswordEmail: (email: string) =>
        call<ResetResultBody>("POST", "auth/sendResetPasswordEmail", { Email: email, Password: null }),
      resetPassword: (input: { password: string; confirmPassword: string; token: string; userId: string }) =>
        call<ResetResultBody>("POST", "auth/resetPassword", {
          Password: input.password,
          ConfirmPassword: input.confirmPassword,
          Token: input.token,
          UserId: input.userId,
        }),
      /** The hand-off of /ng/saml/resumeLogin: the token and the browser's binding value (server/contracts/sso.ts). */
      samlResume: (input: { token: string; binding?: string | null }) =>
        call<TokenResponse>("POST", "auth/saml/resume", { token: input.token, binding: input.binding ?? undefined }),
    },
    oauth: {
      refresh: (refreshToken: string) =>
        call<TokenResponse>("POST", "oauth/token", form({ grant_type: "refresh_token", refresh_token: refreshToken })),
      session: () => call<{ active: boolean; userId: string }>("POST", "oauth/session"),
      revoke: (token: string) => call<{ isSuccess: boolean }>("POST", "oauth/revoke", { token }),
      /** /ng/oidc/login asks before it redirects anywhere: registered client, exact redirect_uri, PKCE S256. */
      validateAuthorization: (input: AuthorizationCheck) =>
        call<AuthorizationCheckBody>("POST", "oauth/validateAuthorization", input),
      /** 000 §3.5, §7: an authorization code for the signed-in user (answer: data.code). */
      code: (input: AuthorizationCodeRequest) => call<AuthorizationCodeBody>("POST", "oauth/code", input),
      /** Ends the grant a client's id token names; the token travels in the body, never in a URL. */
      endSession: (idTokenHint: string) => call<EndSessionBody>("POST", "oauth/logout", { id_token_hint: idTokenHint }),
    },
    settings: {
      get: () => call<Settings>("GET", "v2/settings"),
    },
    sso: {
      /** Beyond the spec: the company's OpenID Connect identity provider for an address (public values only). */
      oidcDiscover: (email: string) => call<OidcDiscovery>("POST", "auth/sso/oidc/discover", { Email: email }),
      /** Beyond the spec: signs in with the IdP's id token, bound to the nonce of the authorization request. */
      oidcLogin: (input: { companyId: string; idToken: string; nonce: string }) =>
        call<TokenResponse>("POST", "auth/sso/oidc/login", {
          CompanyId: input.companyId,
          IdToken: input.idToken,
          Nonce: input.nonce,
        }),
    },
    permissions: {
      /** One batched check; the spec sends the addresses sorted by url (000 §7). */
      check: (urls: readonly string[]) =>
        call<PermissionCheckResponse>("POST", "auth/permissions/check", {
          permissions: [...new Set(urls)].sort().map((url) => ({ url })),
        }),
    },
    companies: {
      get: (companyId: string) => call<CompanyInfo>("POST", `companies/${seg(companyId)}/get`),
      users: (companyId: string) => call<CompanyUserList>("POST", `companies/${seg(companyId)}/users/get`),
    },
    studies: {
      list: (companyId: string, paging: Partial<PagingRequest> = {}) =>
        call<StudyList>("POST", `companies/${seg(companyId)}/studies/get`, {
          paging: { page: paging.page ?? 1, pageSize: paging.pageSize ?? 200 },
        }),
      get: (companyId: string, studyName: string) =>
        call<StudyBasicInfo>("POST", `companies/${seg(companyId)}/studies/${seg(studyName)}/get`),
    },
    users: {
      /** 000 §7: the user's profile picture (binary). */
      profilePicture: (userId: string, ifNoneMatch?: string | null) =>
        callRaw(
          "POST",
          `users/${seg(userId)}/profilePicture/get`,
          ifNoneMatch ? { "if-none-match": ifNoneMatch } : undefined,
        ),
    },
    notifications: {
      /** 000 §7: multipart, optional studyName; totalRecords is the unread count for the bell. */
      count: (studyName?: string | null) =>
        call<NotificationCount>("POST", "users/me/notifications/get", form({ studyName: studyName ?? undefined })),
    },
    documents: {
      companyLogo: (ifNoneMatch?: string | null) =>
        callRaw("GET", "v1/documents/companyLogo", ifNoneMatch ? { "if-none-match": ifNoneMatch } : undefined),
    },
    // Feature areas of 001, one module each, built on `http`: add one line per area here.
    ...featureAreas(http),
  };
}

/** The feature areas' calls (001 §7). Each area lives in its own module beside this one. */
function featureAreas(http: ApiHttp) {
  return {
    // issue 12, CP&CD: `cpcd`
    cpcd: cpcdCalls(http),

    // issue 13, audit trail: `audit`
    audit: auditCalls(http),

    // issue 14, Compliance & Data Quality: `cdq`
    cdq: cdqCalls(http),

    // issue 15, Protocol Analysis: `files`, `protocolAnalysis`, `ract`
    ...protocolAnalysisCalls(http),
  };
}

/** The transport helpers a feature area's module builds its calls on. */
export interface ApiHttp {
  call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<ApiResult<T>>;
  callRaw(
    method: "GET" | "POST",
    path: string,
    headers?: Record<string, string>,
    body?: unknown,
  ): Promise<ApiResult<Response>>;
  /** Form data from the defined fields. */
  form(fields: Record<string, string | undefined | null>): FormData;
  /** One path segment, encoded. */
  seg(value: string): string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The API is briefly unavailable (its database cannot be reached): no page can be made, whatever was asked. Thrown as
 * a 503 response, which every route's error boundary shows as "briefly unavailable, try again" (never as a crash),
 * and which leaves the session alone.
 */
/** Whether a thrown value is the 503 answer serviceUnavailable() makes (a caller may say it in its own words). */
export function isServiceUnavailable(value: unknown): boolean {
  if (value instanceof Response) return value.status === 503;
  return (value as { init?: { status?: unknown } } | null)?.init?.status === 503;
}

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
