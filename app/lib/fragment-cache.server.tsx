import { createHash } from "node:crypto";
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { useContext, type ComponentType, type Context, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";
import type { FragmentProps } from "./fragment-cache";
import { I18nContext } from "./i18n-react";

/** The distinct parts kept: a header is ~13 KB, so at most ~7 MB per process. */
export const FRAGMENT_CACHE_SIZE = 500;

/** Rendered parts by key: the part's markup, made the first time its key is met. */
export type FragmentCache = ((key: string, element: () => ReactElement) => string) & { readonly size: number };

/**
 * A least-recently-used cache of rendered parts (ADR 0067), one per process. A key is kept as its SHA-256, so that what
 * it names (a user's menus, a study list of any length) is not kept beside the markup. The markup is made by React's
 * `renderToString` from within the page's render, which React supports: its work loop gives the outer render its
 * dispatcher and contexts back when it returns.
 */
export function createFragmentCache(size = FRAGMENT_CACHE_SIZE): FragmentCache {
  const entries = new Map<string, string>();
  const render = (key: string, element: () => ReactElement) => {
    const hash = createHash("sha256").update(key).digest("base64url");
    const kept = entries.get(hash);
    if (kept !== undefined) {
      // The most recently used goes last; the first is the one to let go.
      entries.delete(hash);
      entries.set(hash, kept);
      return kept;
    }
    const html = renderToString(element());
    entries.set(hash, html);
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return html;
  };
  return Object.defineProperty(render, "size", { get: () => entries.size }) as FragmentCache;
}

/**
 * The server's `ServerFragment` (app/components/ServerFragment.tsx): the element, its children's markup from the
 * cache, made by themselves within this place's contexts.
 */
export function cachedFragment(cache: FragmentCache): ComponentType<FragmentProps> {
  return function CachedFragment({ as: Element, className, cacheKey, children }: FragmentProps) {
    const contexts = useContextValues();
    const html = cache(cacheKey(), () =>
      contexts.reduceRight<ReactElement>(
        (inner, [context, value]) => <context.Provider value={value}>{inner}</context.Provider>,
        <>{children}</>,
      ),
    );
    return <Element className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  };
}

/**
 * The contexts a cached part may read (texts, the layouts' data for the settings, links and forms), handed to its
 * separate render as they are here.
 */
function useContextValues(): Array<[Context<unknown>, unknown]> {
  return [
    [I18nContext as Context<unknown>, useContext(I18nContext)],
    [RemixContext as Context<unknown>, useContext(RemixContext)],
    [DataRouterContext as Context<unknown>, useContext(DataRouterContext)],
    [DataRouterStateContext as Context<unknown>, useContext(DataRouterStateContext)],
    [NavigationContext as Context<unknown>, useContext(NavigationContext)],
    [LocationContext as Context<unknown>, useContext(LocationContext)],
    [RouteContext as Context<unknown>, useContext(RouteContext)],
  ];
}
