/**
 * The auth contract's plain values: result codes, limits and the e-mail normalisation. No zod here, on purpose: the
 * browser imports these (the sign-in pages), and a module that builds classic zod schemas would bring all of zod into
 * the page's JavaScript (docs/decisions/0023-forms-dialogs-and-lists.md). server/contracts/auth.ts re-exports them.
 */

/** Result codes of POST /api/auth/login (000 §4.1), in the problem's title. */
export const LoginResult = {
  SamlAuthenticationNeeded: "SamlAuthenticationNeeded",
  /** Beyond the spec: the company's identity provider speaks OpenID Connect. */
  OidcAuthenticationNeeded: "OidcAuthenticationNeeded",
  SecurityCodeSent: "SecurityCodeSent",
  Denied: "Denied",
  WrongCredentials: "WrongCredentials",
  /** Beyond the spec: too many failed attempts for this account; additionalData.retryAfterSeconds says when. */
  TooManyAttempts: "TooManyAttempts",
} as const;
export type LoginResult = (typeof LoginResult)[keyof typeof LoginResult];

/** Error codes of the password-reset calls (000 §8). */
export const ResetResult = {
  SsoUserCanNotResetPassword: "SsoUserCanNotResetPassword",
  MFAUserCanNotResetPassword: "MFAUserCanNotResetPassword",
  PasswordTooShort: "PasswordTooShort",
  PasswordMismatch: "PasswordMismatch",
  WrongCredentials: "WrongCredentials",
  TooManyAttempts: "TooManyAttempts",
} as const;

export const MIN_PASSWORD_LENGTH = 11;
/** The e-mailed sign-in code: 8 digits, valid 10 minutes, 5 tries. */
export const SECURITY_CODE_LENGTH = 8;
export const SECURITY_CODE_TTL_SECONDS = 10 * 60;
export const SECURITY_CODE_MAX_ATTEMPTS = 5;
/** At most this many codes per account in 15 minutes (resends included). */
export const SECURITY_CODE_MAX_SENDS = 5;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** E-mail as the login input treats it (000 §5): all whitespace removed. */
export const normaliseEmail = (value: string) => value.replace(/\s+/g, "");
