import type { StudyMenuEntry } from "~/lib/shell";
import { isNetworkError, showToast, TOAST_TEXT } from "~/lib/toasts";

/**
 * The study dropdown's list, fetched when the menu opens (each time: studies come and go); part of the header's code
 * loaded after hydration with the menus' keys (./menu-keys.ts, docs/decisions/0059-header-code-after-hydration.md).
 * A plain request, not a fetcher: a failure is the network toast of 000 §8 and a line in the menu (answered as
 * `undefined`), never the page's error boundary, and the page stays as it is. A session that has ended shows as a
 * redirect: the page is loaded again, which asks for sign-in and comes back.
 */
export async function fetchStudyList(url: string): Promise<StudyMenuEntry[] | undefined> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" } });
    if (response.redirected) {
      window.location.reload();
      return new Promise<never>(() => undefined); // "Loading" until the page is loaded again
    }
    if (!response.ok) throw new Error(`The study list answered HTTP ${response.status}.`);
    return ((await response.json()) as { studies: StudyMenuEntry[] }).studies;
  } catch (error) {
    showToast({ type: "error", messageKey: isNetworkError(error) ? TOAST_TEXT.networkError : TOAST_TEXT.genericError });
    return undefined;
  }
}
