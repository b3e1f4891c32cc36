import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** 000 §4.3: every 30 minutes the session is checked; a page's loaders do it, and send the user to sign-in if it ended. */
export const SESSION_CHECK_INTERVAL_MS = 30 * 60 * 1000;

export function useSessionCheck(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(revalidate, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [revalidate]);
}
