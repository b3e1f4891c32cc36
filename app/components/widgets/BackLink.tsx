import type { ReactNode } from "react";
import { AppLink } from "~/components/AppLink";

/**
 * The link back to where a detail page was opened from (a list, a landing page), above the page's title: one look
 * and one target size (24 px tall, WCAG 2.2 target size) on every page that has one.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <AppLink to={to} className="inline-block py-1 text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {children}
    </AppLink>
  );
}
