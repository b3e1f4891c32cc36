import { authCalls } from "@server/contracts/calls/auth";
import { companyCalls } from "@server/contracts/calls/companies";
import { documentCalls } from "@server/contracts/calls/documents";
import { notificationCalls } from "@server/contracts/calls/notifications";
import { oauthCalls } from "@server/contracts/calls/oauth";
import { settingsCalls } from "@server/contracts/calls/settings";
import { shellCalls } from "@server/contracts/calls/shell";
import { studyCalls } from "@server/contracts/calls/studies";
import { userCalls } from "@server/contracts/calls/users";
import type { PagingRequest } from "@server/contracts/common";
import type { AuthorizationCheck, AuthorizationCodeRequest } from "@server/contracts/oauth";
import type { ShellRequest } from "@server/contracts/shell";
import { auditCalls } from "./audit.server";
import { cdqCalls } from "./cdq.server";
import { cpcdCalls } from "./cpcd.server";
import { ctqCalls } from "./ctq.server";
import { createApiHttp, type ApiClientOptions, type ApiHttp } from "./http.server";
import { protocolAnalysisCalls } from "./protocol-analysis.server";

export {
  isServiceUnavailable,
  serviceUnavailable,
  type ApiClientOptions,
  type ApiFailure,
  type ApiHttp,
  type ApiResult,
} from "./http.server";

/**
 * The one typed client through which loaders and actions reach the product API (000 §7, 001 §7). Every call is named
 * by its definition in server/contracts/calls: no path is spelled here.
 *
 * Made for every request, so made cheaply (ADR 0065): the client is an object over this request's transport helpers
 * whose areas (`studies`, `shell`, `cpcd`, …) come from a prototype made once per process; an area group is made for
 * the request the first time one of its areas is read, and kept on the client. A page that calls one area does not
 * make the other hundred calls' functions.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return Object.create(clientPrototype, { [HTTP]: { value: createApiHttp(options) } }) as ApiClient;
}

/** The platform's calls of 000 §7 beside sign-in: settings, the shell, permissions, companies, studies, users, … */
function coreAreas(http: ApiHttp) {
  const { call, callRaw, form } = http;
  const none = {};
  const ifNoneMatch = (etag?: string | null) => (etag ? { "if-none-match": etag } : undefined);

  return {
    settings: {
      get: () => call(settingsCalls.get, none),
    },
    shell: {
      /** Beyond the spec (ADR 0062): the company and study layouts' parts in one call, each under its own call's rule. */
      get: (companyId: string, input: ShellRequest) => call(shellCalls.get, { companyId }, input),
    },
    sso: {
      /** Beyond the spec: the company's OpenID Connect identity provider for an address (public values only). */
      oidcDiscover: (email: string) => call(authCalls.oidcDiscover, none, { Email: email }),
      /** Beyond the spec: signs in with the IdP's id token, bound to the nonce of the authorization request. */
      oidcLogin: (input: { companyId: string; idToken: string; nonce: string }) =>
        call(authCalls.oidcLogin, none, { CompanyId: input.companyId, IdToken: input.idToken, Nonce: input.nonce }),
    },
    permissions: {
      /** One batched check; the spec sends the addresses sorted by url (000 §7). */
      check: (urls: readonly string[]) =>
        call(authCalls.checkPermissions, none, { permissions: [...new Set(urls)].sort().map((url) => ({ url })) }),
    },
    companies: {
      get: (companyId: string) => call(companyCalls.get, { companyId }),
      users: (companyId: string) => call(companyCalls.users, { companyId }),
    },
    studies: {
      list: (companyId: string, paging: Partial<PagingRequest> = {}) =>
        call(studyCalls.list, { companyId }, { paging: { page: paging.page ?? 1, pageSize: paging.pageSize ?? 200 } }),
      get: (companyId: string, studyName: string) => call(studyCalls.get, { companyId, studyName }),
    },
    users: {
      /** 000 §7: the user's profile picture (binary). */
      profilePicture: (userId: string, etag?: string | null) =>
        callRaw(userCalls.profilePicture, { userId }, ifNoneMatch(etag)),
    },
    notifications: {
      /** 000 §7: multipart, optional studyName; totalRecords is the unread count for the bell. */
      count: (studyName?: string | null) =>
        call(notificationCalls.countMine, none, form({ studyName: studyName ?? undefined })),
    },
    documents: {
      companyLogo: (etag?: string | null) => callRaw(documentCalls.companyLogo, none, ifNoneMatch(etag)),
    },
  };
}

/** The sign-in calls (000 §7) and the authorization server's (ADR 0016). */
function signInAreas(http: ApiHttp) {
  const { call, form } = http;
  const none = {};
  return {
    auth: {
      /** 000 §7: form-data Email, optional Password, optional SecurityCode (and the code's AttemptId). */
      login: (input: { email: string; password?: string; securityCode?: string; attemptId?: string }) =>
        call(
          authCalls.login,
          none,
          form({
            Email: input.email,
            Password: input.password,
            SecurityCode: input.securityCode,
            AttemptId: input.attemptId,
          }),
        ),
      sendResetPasswordEmail: (email: string) =>
        call(authCalls.sendResetPasswordEmail, none, { Email: email, Password: null }),
      resetPassword: (input: { password: string; confirmPassword: string; token: string; userId: string }) =>
        call(authCalls.resetPassword, none, {
          Password: input.password,
          ConfirmPassword: input.confirmPassword,
          Token: input.token,
          UserId: input.userId,
        }),
      /** The hand-off of /ng/saml/resumeLogin: the token and the browser's binding value (server/contracts/sso.ts). */
      samlResume: (input: { token: string; binding?: string | null }) =>
        call(authCalls.samlResume, none, { token: input.token, binding: input.binding ?? undefined }),
    },
    oauth: {
      refresh: (refreshToken: string) =>
        call(oauthCalls.token, none, form({ grant_type: "refresh_token", refresh_token: refreshToken })),
      session: () => call(oauthCalls.session, none),
      revoke: (token: string) => call(oauthCalls.revoke, none, { token }),
      /** /ng/oidc/login asks before it redirects anywhere: registered client, exact redirect_uri, PKCE S256. */
      validateAuthorization: (input: AuthorizationCheck) => call(oauthCalls.validateAuthorization, none, input),
      /** 000 §3.5, §7: an authorization code for the signed-in user (answer: data.code). */
      code: (input: AuthorizationCodeRequest) => call(oauthCalls.code, none, input),
      /** Ends the grant a client's id token names; the token travels in the body, never in a URL. */
      endSession: (idTokenHint: string) => call(oauthCalls.endSession, none, { id_token_hint: idTokenHint }),
    },
  };
}

/**
 * The client's area groups, each made from the request's transport helpers. Feature areas of 001, one module each,
 * built on `http`: add one line per area here (and its type to `ApiClient`).
 */
const AREA_GROUPS: readonly ((http: ApiHttp) => object)[] = [
  signInAreas,
  coreAreas,
  // issue 12, CP&CD: `cpcd`
  (http) => ({ cpcd: cpcdCalls(http) }),
  // issue 13, audit trail: `audit`
  (http) => ({ audit: auditCalls(http) }),
  // issue 14, Compliance & Data Quality: `cdq`
  (http) => ({ cdq: cdqCalls(http) }),
  // issue 15, Protocol Analysis: `files`, `protocolAnalysis`, `ract`
  protocolAnalysisCalls,
  // issue 25, CTQ identification: `ctq`
  ctqCalls,
];

export type ApiClient = ReturnType<typeof signInAreas> &
  ReturnType<typeof coreAreas> & {
    cpcd: ReturnType<typeof cpcdCalls>;
    audit: ReturnType<typeof auditCalls>;
    cdq: ReturnType<typeof cdqCalls>;
  } & ReturnType<typeof protocolAnalysisCalls> &
  ReturnType<typeof ctqCalls>;

/** Where a client keeps its request's transport helpers. */
const HTTP = Symbol("api client http");
type ClientState = Record<string, unknown> & { [HTTP]: ApiHttp };

/**
 * The clients' prototype, made once per process: for each area a getter that makes the area's group for this client
 * (from its own transport helpers, never another request's) and keeps the group's areas on the client as values. The
 * areas' names are read from one group made over a transport that is never called.
 */
const clientPrototype: object = (() => {
  const prototype = {};
  const probe = createApiHttp({ transport: () => Promise.reject(new Error("the client's probe is never called")) });
  for (const group of AREA_GROUPS) {
    for (const area of Object.keys(group(probe))) {
      Object.defineProperty(prototype, area, {
        enumerable: true,
        get(this: ClientState) {
          const made = group(this[HTTP]) as Record<string, unknown>;
          for (const [name, value] of Object.entries(made)) {
            Object.defineProperty(this, name, { value, enumerable: true });
          }
          return made[area];
        },
      });
    }
  }
  return prototype;
})();
