import { Link } from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from "react";
import { buildHref, isAbsoluteUrl, isLegacyPath, isOutsideSystem, resolveLegacyHref, type Query } from "~/lib/links";
import { useSettings } from "~/lib/settings";
import { ExternalLink, NewTabCue } from "./ExternalLink";

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
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
  children: ReactNode;
}

/**
 * The one link of the product (000 §2.4): builds the address, renders legacy and absolute addresses as plain anchors
 * (legacy ones resolved against LEGACY_BASE_URL), in-app ones with client routing, and sends addresses outside the
 * system through a confirmation first. Forwards its ref and props, so menus can use it as their item.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, query, hash, newTab, disabled, legacy, children, ...rest },
  ref,
) {
  const settings = useSettings();
  const built = buildHref(to, query, hash);
  if (disabled) {
    return (
      <a ref={ref} {...rest} role={rest.role ?? "link"} aria-disabled="true">
        {children}
      </a>
    );
  }
  const target = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  // Outside the system is anything but this site and the classic application: the study designer too (issue 11).
  if (isOutsideSystem(built, [settings?.legacyBaseUrl])) {
    return (
      <ExternalLink ref={ref} {...rest} href={built}>
        {children}
      </ExternalLink>
    );
  }
  if (legacy || isLegacyPath(built) || isAbsoluteUrl(built)) {
    return (
      <a ref={ref} {...rest} href={resolveLegacyHref(built, settings?.legacyBaseUrl)} {...target}>
        {children}
        {newTab ? <NewTabCue /> : null}
      </a>
    );
  }
  return (
    <Link ref={ref} {...rest} to={built} {...target}>
      {children}
      {newTab ? <NewTabCue /> : null}
    </Link>
  );
});
