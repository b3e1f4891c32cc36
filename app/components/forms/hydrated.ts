import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** True once React has hydrated: what only scripts can do (disabling, toggles, modal dialogs) waits for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Whether a form post of this page is under way: the post itself, then the load that follows it (a redirect or the
 * revalidation). A plain link navigation does not count.
 */
export function usePending(): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod !== undefined;
}
