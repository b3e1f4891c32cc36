import { createContext, type ComponentType, type ReactNode } from "react";

export type FragmentTag = "header" | "div";

export interface FragmentProps {
  as: FragmentTag;
  className?: string;
  /** Names everything the children's markup depends on; called on the server only. */
  cacheKey: () => string;
  children: ReactNode;
}

/**
 * The server's way of rendering a part whose markup is made once per input (ADR 0067, app/components/ServerFragment.tsx):
 * a component given by app/entry.server.tsx (`cachedFragment` in ./fragment-cache.server.tsx). The browser has none,
 * and the part renders as any other: its code stays out of the browser's bundle.
 */
export const FragmentCacheContext = createContext<ComponentType<FragmentProps> | null>(null);
