import { z } from "zod";

export {
  LoginResult,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  RESET_TOKEN_TTL_SECONDS,
  ResetResult,
  SECURITY_CODE_LENGTH,
  SECURITY_CODE_MAX_ATTEMPTS,
  SECURITY_CODE_MAX_SENDS,
  SECURITY_CODE_TTL_SECONDS,
} from "./auth-codes";

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

export const emailSchema = z.email();
export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}
