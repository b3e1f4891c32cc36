import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buildHref, isAbsoluteUrl, isLegacyPath, isOutsideSystem, resolveLegacyHref, type Query } from "~/lib/links";
import { useSettings } from "~/lib/settings";
import { ExternalLink } from "./ExternalLink";

export interface AppLinkProps {
  /** An in-app path (/ng/…), a legacy path (/db, …) or an absolute address. */
  to: string;
  query?: Query | null;
  hash?: string | null;
  /** Opens in a new tab (rel noopener noreferrer). */
  newTab?: boolean;
  /** Shown but not followable. */
  disabled?: boolean;
  /** Forces a plain anchor, as for legacy pages. */
  legacy?: boolean;
  className?: string;
  children: ReactNode;
  role?: string;
  "data-testid"?: string;
}

/**
 * The one link of the product (000 §2.4): builds the address, renders legacy and absolute addresses as plain anchors
 * (legacy ones resolved against LEGACY_BASE_URL), in-app ones with client routing, and sends addresses outside the
 * system through a confirmation first.
 */
export function AppLink({ to, query, hash, newTab, disabled, legacy, className, children, role, ...rest }: AppLinkProps) {
  const settings = useSettings();
  const built = buildHref(to, query, hash);
  if (disabled) {
    return (
      <span role={role ?? "link"} aria-disabled="true" className={className} data-testid={rest["data-testid"]}>
        {children}
      </span>
    );
  }
  const target = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  if (isOutsideSystem(built, [settings?.apiUrl, settings?.legacyBaseUrl, settings?.studyDesignerUrl])) {
    return (
      <ExternalLink href={built} className={className} role={role} data-testid={rest["data-testid"]}>
        {children}
      </ExternalLink>
    );
  }
  if (legacy || isLegacyPath(built) || isAbsoluteUrl(built)) {
    return (
      <a href={resolveLegacyHref(built, settings?.legacyBaseUrl)} className={className} role={role} data-testid={rest["data-testid"]} {...target}>
        {children}
      </a>
    );
  }
  return (
    <Link to={built} className={className} role={role} data-testid={rest["data-testid"]} {...target}>
      {children}
    </Link>
  );
}

