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

/** The distinct parts kept: a header is ~13 KB of markup and a few KB of key. */
export const FRAGMENT_CACHE_SIZE = 500;
/** And at most this many characters of keys and markup together (~32 MB), whatever the keys' lengths. */
export const FRAGMENT_CACHE_CHARS = 16 * 1024 * 1024;

/** Rendered parts by key: the part's markup, made the first time its key is met. */
export type FragmentCache = ((key: string, element: () => ReactElement) => string) & { readonly size: number };

/**
 * A least-recently-used cache of rendered parts (ADR 0067), one per process, bounded by its entries and by their
 * characters (a key names a study list of any length). The key is the map's key as it is: a string of a few KB is
 * hashed and compared by the engine in microseconds, where a digest cost more than the rest of the lookup. The markup
 * is made by React's `renderToString` from within the page's render, which React supports: its work loop gives the
 * outer render its dispatcher and contexts back when it returns.
 */
export function createFragmentCache(size = FRAGMENT_CACHE_SIZE, chars = FRAGMENT_CACHE_CHARS): FragmentCache {
  const entries = new Map<string, string>();
  let held = 0;
  const render = (key: string, element: () => ReactElement) => {
    const kept = entries.get(key);
    if (kept !== undefined) {
      // The most recently used goes last; the first is the one to let go.
      entries.delete(key);
      entries.set(key, kept);
      return kept;
    }
    const html = renderToString(element());
    entries.set(key, html);
    held += key.length + html.length;
    for (const [oldest, markup] of entries) {
      if (entries.size <= size && held <= chars) break;
      entries.delete(oldest);
      held -= oldest.length + markup.length;
    }
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
