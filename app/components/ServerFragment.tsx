import { useContext } from "react";
import { FragmentCacheContext, type FragmentProps } from "~/lib/fragment-cache";

/**
 * An element whose children's server markup is made once per `cacheKey` and reused (ADR 0067): the header, whose
 * markup is a function of its props, the settings and the locale, and which cost a third of a signed-in page's CPU when
 * rendered for each request. On the server (app/lib/fragment-cache.server.tsx) the children are rendered once, by
 * themselves, within this place's contexts, and the element carries that markup; in the browser the element renders
 * its children as any other, and React hydrates them against that markup, which is what they render.
 *
 * The children must not depend on their place in the page's tree (no `useId`: the separate render numbers its own)
 * and may read only the contexts the server hands on (texts, the layouts' data, the router's and Remix's).
 */
export function ServerFragment(props: FragmentProps) {
  const Cached = useContext(FragmentCacheContext);
  if (Cached) return <Cached {...props} />;
  const { as: Element, className, children } = props;
  return <Element className={className}>{children}</Element>;
}
