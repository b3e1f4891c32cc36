/**
 * The authorization endpoint's refusal codes, without zod: the browser imports them (/ng/oidc/login), and a module
 * that builds classic zod schemas would bring all of zod into the page's JavaScript
 * (docs/decisions/0023-forms-dialogs-and-lists.md). server/contracts/oauth.ts re-exports them.
 */

/** Why an authorization request is refused; the problem's title. */
export const AuthorizationError = {
  /** No client_id, or one that is not registered. Shown on our own page: there is nowhere safe to send the user. */
  UnknownClient: "UnknownClient",
  /** redirect_uri missing or not registered (for this client): shown on our own page, never followed. */
  UnregisteredRedirectUri: "UnregisteredRedirectUri",
  /** code_challenge_method other than S256, or no or a malformed code_challenge. */
  UnsupportedChallenge: "UnsupportedChallenge",
  /** The token belongs to a client application, which may not mint codes for others. */
  NotAllowedForClient: "NotAllowedForClient",
} as const;
export type AuthorizationError = (typeof AuthorizationError)[keyof typeof AuthorizationError];
