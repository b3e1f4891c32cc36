import { isRouteErrorResponse } from "@remix-run/react";
import { isNetworkError, showToast, TOAST_TEXT } from "./toasts";

/**
 * For a route's clientAction: runs the server action, and when it fails without an answer the route chose (no
 * network, a crashed action) shows the toast of 000 §8 instead of replacing the page with an error boundary:
 * 'There was an error while sending a request to the server…' for a failed request, the generic text otherwise.
 * Redirects and deliberate error responses go on as usual. Browser only; without JavaScript forms post directly.
 *
 *   export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
 *     withFailureToasts(() => serverAction<typeof action>());
 */
export async function withFailureToasts<T>(serverAction: () => Promise<T>): Promise<T | null> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    showToast({ type: "error", messageKey: isNetworkError(error) ? TOAST_TEXT.networkError : TOAST_TEXT.genericError });
    return null;
  }
}
