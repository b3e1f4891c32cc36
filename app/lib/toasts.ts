/**
 * Toasts (000 §2.8, §3.9, §4.5, §9): the notification shape, its type rule and a small browser-side bus through which
 * any code (event handlers, clientActions, promise callbacks) can show a toast without holding the React context.
 * The toast area itself is app/components/Toasts.tsx; server-set toasts travel in the flash cookie
 * (app/lib/flash.server.ts). See docs/decisions/0018-feedback-and-navigation.md.
 */

export const TOAST_TYPES = ["error", "warning", "information"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** 000 §3.9: id (an integer counted up from 1), type, message. */
export interface Notification {
  id: number;
  type: ToastType;
  message: string;
}

/** A toast set on the server (app/lib/flash.server.ts) as the root loader hands it over; `key` shows it once. */
export interface FlashMessage {
  key: string;
  type: ToastType;
  message: string;
}

/** 000 §9: a toast disappears after 5000 ms (with JavaScript). */
export const TOAST_TIMEOUT_MS = 5000;

/** 000 §4.5: an unknown or missing type is treated as information. */
export function normaliseToastType(type: unknown): ToastType {
  return typeof type === "string" && (TOAST_TYPES as readonly string[]).includes(type)
    ? (type as ToastType)
    : "information";
}

/** What a caller asks to show: a message text, or a key of the locale file (translated by the toast area). */
export interface ToastRequest {
  type?: unknown;
  message?: string | null;
  messageKey?: string;
}

/** The keys of the two generic texts of 000 §8. */
export const TOAST_TEXT = {
  networkError: "feedback.errors.network",
  genericError: "feedback.errors.generic",
} as const;

type Listener = (request: ToastRequest) => void;
const listeners = new Set<Listener>();

/** The toast area listens here while it is mounted (browser only). */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows a toast from anywhere in the browser. Does nothing on the server or before the toast area is mounted. */
export function showToast(request: ToastRequest): void {
  for (const listener of listeners) listener(request);
}

/**
 * The generic mechanism of 000 §4.5: any caller-supplied message as an error toast; without a message, the generic
 * 'There was an error. Please reload the page and try again.' (000 §8).
 */
export function showErrorToast(message?: string | null): void {
  showToast(message ? { type: "error", message } : { type: "error", messageKey: TOAST_TEXT.genericError });
}

/** A failed fetch (no answer at all) rejects with a TypeError; everything else is an answer of some kind. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
