import { LoginResult } from "@server/contracts/auth-codes";
import type { ApiFailure } from "./api/client.server";
import type { TFunction } from "./translate";

/** The pause a throttled answer asks for, in seconds (additionalData.retryAfterSeconds; a minute when absent). */
export function retryAfterSeconds(failure: ApiFailure): number {
  const seconds = Number(
    (failure.additionalData as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds ?? 60,
  );
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/** A pause as people say it: "30 seconds", "1 minute", "15 minutes" (whole minutes from a minute on, rounded up). */
export function waitText(t: TFunction, seconds: number): string {
  if (seconds < 60) {
    const count = Math.max(1, Math.ceil(seconds));
    return count === 1 ? t("auth.wait.second") : t("auth.wait.seconds", { count });
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t("auth.wait.minute") : t("auth.wait.minutes", { count: minutes });
}

/** The message of a failed sign-in step, as a locale key plus values the page renders. */
export type SignInError =
  | { kind: "wrongCredentials" }
  | { kind: "wrongCode" }
  | { kind: "denied" }
  | { kind: "tooManyAttempts"; seconds: number }
  | { kind: "unknown" };

export function signInError(failure: ApiFailure, step: "email" | "password" | "code"): SignInError {
  switch (failure.code) {
    case LoginResult.WrongCredentials:
      return { kind: step === "code" ? "wrongCode" : "wrongCredentials" };
    case LoginResult.Denied:
      return { kind: "denied" };
    case LoginResult.TooManyAttempts: {
      return { kind: "tooManyAttempts", seconds: retryAfterSeconds(failure) };
    }
    default:
      return { kind: "unknown" };
  }
}
