import { showToast, TOAST_TEXT } from "./toasts";

/**
 * A navigation or a form post whose request gets no answer at all (the network is down) keeps the page as it is and
 * shows the network-error toast of 000 §8, instead of replacing the page with the crash screen.
 *
 * Remix fetches a page's code and its data from `….data`. When either fails, the pending navigation is first
 * interrupted by a navigation to the page already shown that changes nothing but the address's fragment (no loader
 * runs for it); the failed navigation then ends unseen, and the page, with whatever the user typed, stays.
 */
interface RouterLike {
  state: { location: { pathname: string; search: string; hash: string }; navigation: { state: string } };
  navigate(
    to: { pathname: string; search: string; hash: string },
    options: { replace: boolean; preventScrollReset: boolean },
  ): unknown;
}

function routerOf(win: Window): RouterLike | undefined {
  return (win as unknown as { __remixRouter?: RouterLike }).__remixRouter;
}

function urlOf(input: RequestInfo | URL, base: string): URL | null {
  try {
    return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, base);
  } catch {
    return null;
  }
}

const STAY = "offline";

/** Shows the network toast and keeps the page shown, ending a navigation that cannot complete. */
let lastToastAt = 0;

function keepPage(win: Window): void {
  // A navigation's data and each of its modules fail together: one toast says it.
  const now = Date.now();
  if (now - lastToastAt > 2000) showToast({ type: "error", messageKey: TOAST_TEXT.networkError });
  lastToastAt = now;
  const router = routerOf(win);
  if (router && router.state.navigation.state !== "idle") {
    const { pathname, search, hash } = router.state.location;
    // A fragment of its own ("#" alone would be dropped, making this a reload of the page's data); no element
    // carries it, so nothing scrolls. The address bar is put back as it was.
    router.navigate({ pathname, search, hash: hash || `#${STAY}` }, { replace: true, preventScrollReset: true });
    if (!hash) queueMicrotask(() => win.history.replaceState(win.history.state, "", `${pathname}${search}`));
  }
}

export function installNetworkFailureGuard(win: Window = window): void {
  // Remix calls this when a page's code cannot be loaded and the service does not answer (patches/@remix-run+react).
  (win as unknown as { __rbqmNetworkFailure?: () => void }).__rbqmNetworkFailure = () => keepPage(win);
  const original = win.fetch.bind(win);
  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      return await original(input, init);
    } catch (error) {
      const url = urlOf(input, win.location.href);
      const aborted = init?.signal?.aborted === true || (input instanceof Request && input.signal.aborted);
      // Navigations and form posts only: a fetcher's own caller reports its failure (app/lib/client-actions.ts).
      const navigating = routerOf(win)?.state.navigation.state !== "idle";
      if (
        !aborted &&
        navigating &&
        error instanceof TypeError &&
        url?.origin === win.location.origin &&
        url.pathname.endsWith(".data")
      ) {
        keepPage(win);
      }
      throw error;
    }
  };
}
