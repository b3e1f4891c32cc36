import { LoginResult } from "@server/contracts/auth-codes";
import type { ApiFailure } from "./api/client.server";

/** The message of a failed sign-in step, as a locale key plus values the page renders. */
export type SignInError =
  | { kind: "wrongCredentials" }
  | { kind: "wrongCode" }
  | { kind: "denied" }
  | { kind: "tooManyAttempts"; minutes: number }
  | { kind: "unknown" };

export function signInError(failure: ApiFailure, step: "email" | "password" | "code"): SignInError {
  switch (failure.code) {
    case LoginResult.WrongCredentials:
      return { kind: step === "code" ? "wrongCode" : "wrongCredentials" };
    case LoginResult.Denied:
      return { kind: "denied" };
    case LoginResult.TooManyAttempts: {
      const seconds = Number((failure.additionalData as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds ?? 60);
      return { kind: "tooManyAttempts", minutes: Math.max(1, Math.ceil(seconds / 60)) };
    }
    default:
      return { kind: "unknown" };
  }
}
