import crypto from "node:crypto";
import type { TFunction } from "~/lib/translate";
import type { ApiResult } from "./api/client.server";
import type { WebContext } from "./context.server";
import { readFlowCookie, writeFlowCookie } from "./session.server";
import { normaliseToastType, TOAST_TEXT, type FlashMessage, type ToastType } from "./toasts";

export type { FlashMessage };

/**
 * Flash messages: toasts set by a loader or an action that survive a redirect, so they show without JavaScript too
 * (docs/decisions/0018-feedback-and-navigation.md). They travel in one sealed (AES-256-GCM), httpOnly, SameSite=Lax
 * cookie of one minute, written through the request's context like the session cookies; the root loader reads them
 * and clears the cookie, and the toast area renders them (on the server, too).
 */
const FLASH = "rbqm_flash";
const FLASH_MAX_AGE_SECONDS = 60;
/** A request queues at most this many; older ones give way. */
const MAX_MESSAGES = 5;
const MAX_MESSAGE_LENGTH = 1000;
/** Where flash() keeps the messages queued during this request (the sealed cookie holds the same list). */
const FLASH_NAME_KEY = "flash:messages";

export interface FlashInput {
  type: ToastType | string | null | undefined;
  message: string;
}

function isFlashMessage(value: unknown): value is FlashMessage {
  if (!value || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.key === "string" && typeof entry.message === "string";
}

/** Queues a toast for the next page this browser renders (this response, or the one after a redirect). */
export function flash(context: WebContext, input: FlashInput): void {
  const message: FlashMessage = {
    key: crypto.randomUUID(),
    type: normaliseToastType(input.type),
    message: String(input.message).slice(0, MAX_MESSAGE_LENGTH),
  };
  const pending = context.pendingValues.get(FLASH_NAME_KEY) as FlashMessage[] | undefined;
  const next = [...(pending ?? []), message].slice(-MAX_MESSAGES);
  context.pendingValues.set(FLASH_NAME_KEY, next);
  writeFlowCookie(context, FLASH, next, FLASH_MAX_AGE_SECONDS);
}

/** Reads the flashed toasts of this request and clears the cookie. A cookie that fails to unseal counts as none. */
export function consumeFlash(request: Request, context: WebContext): FlashMessage[] {
  const stored = readFlowCookie<unknown>(request, context, FLASH);
  const hadCookie = stored !== null || (request.headers.get("cookie") ?? "").includes(`${FLASH}=`);
  const messages = Array.isArray(stored)
    ? stored
        .filter(isFlashMessage)
        .map((entry) => ({ key: entry.key, type: normaliseToastType(entry.type), message: entry.message }))
    : [];
  context.pendingValues.delete(FLASH_NAME_KEY);
  if (hadCookie) writeFlowCookie(context, FLASH, null, 0);
  return messages;
}

/**
 * The toast for a failed API call (000 §8): no answer at all (status 0) gives the network-error text, any other
 * failure the generic text, unless the caller has its own message.
 */
export function toastForApiFailure(t: TFunction, result: Extract<ApiResult<unknown>, { ok: false }>, message?: string) {
  return {
    type: "error" as const,
    message: message ?? t(result.status === 0 ? TOAST_TEXT.networkError : TOAST_TEXT.genericError),
  };
}
