import { z } from "zod";

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

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v !== "" ? v : undefined), z.string().max(max).optional());

/** POST /api/auth/login, form-data (000 §7). AttemptId binds a code to the attempt that sent it. */
export const loginRequestSchema = z.object({
  Email: z.string().max(320),
  Password: optionalText(1024),
  SecurityCode: optionalText(64),
  AttemptId: optionalText(64),
});

/** The SecurityCodeSent answer's additionalData. */
export interface SecurityCodeSentData {
  attemptId: string;
  expiresInSeconds: number;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** POST /api/oauth/token: the refresh_token grant (000 §7) and the authorization_code grant (RFC 6749, PKCE). */
export const tokenRequestSchema = z.discriminatedUnion("grant_type", [
  z.object({ grant_type: z.literal("refresh_token"), refresh_token: z.string().min(1).max(4096) }),
  z.object({
    grant_type: z.literal("authorization_code"),
    code: z.string().min(1).max(256),
    code_verifier: z.string().min(43).max(128),
    redirect_uri: z.string().min(1).max(2048),
    client_id: z.string().min(1).max(256),
  }),
]);

export const sendResetPasswordEmailSchema = z.object({
  Email: z.string().max(320),
  Password: z.unknown().optional(),
});

export const resetPasswordSchema = z.object({
  Password: z.string().max(1024),
  ConfirmPassword: z.string().max(1024),
  Token: z.string().max(256),
  UserId: z.string().max(64),
});

export interface ResetResultBody {
  isSuccess: boolean;
}

/** E-mail as the login input treats it (000 §5): all whitespace removed. */
export const normaliseEmail = (value: string) => value.replace(/\s+/g, "");
export const emailSchema = z.email();
export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}
