/**
 * A page's view whose code is not part of the page's first visit (ADR 0064): the editors (CP&CD, the risk assessment
 * and CTQ results), whose list engine, fields and dialogs would put them over 110 KB.
 *
 * - The server renders the view whole from its own import (`eager`: a `.server` re-export of the view's module, an
 *   empty module in the browser), inside a Suspense boundary: the HTML is the page, with or without scripts.
 * - In the browser the view's chunk is asked for as soon as this wrapper's module loads (the route's module, before
 *   hydration), not awaited: the rest of the page hydrates at once. If the chunk has not come by then, React keeps
 *   the boundary's server HTML as it is (dehydrated) and hydrates it when the chunk comes. Meanwhile the view is the
 *   page without scripts: a click keeps its default (Save, Add and Delete post as forms), what is typed stays.
 * - A dehydrated boundary is thrown away (React #421, its server HTML and what was typed lost) if an update that is
 *   not a transition reaches it: a prop of the view or a context above it that changes. So: the wrapper is memoized
 *   and its route passes only the loader's and the action's data (which change in the router's transitions); the
 *   Remix context, which Remix hands out anew when the address changes outside a transition, is given to the view
 *   as a stable value (`StableRemixContext`); the shell's contexts are stable (the toasts' list is no context).
 * - React 18 sets a text area back to its server text when it hydrates it (its `postMountWrapper`): what was typed
 *   into one of the view's before it hydrated is kept (`typedText`) and put back as it hydrates (`Hydrated`).
 * - A part the view's modules register as rendered open by the server (`window.__lazyParts`, ADR 0051) is awaited
 *   with the view's chunk, so the view hydrates whole, with no boundary of its own left waiting.
 */
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import {
  memo,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  type ComponentType,
  type ReactNode,
} from "react";
import { chunkComponent } from "./lazy-part";

declare global {
  interface Window {
    /** How many lazy views of the page have not hydrated yet (the e2e helper `waitForHydration` waits for none). */
    __lazyViewsPending?: number;
  }
}

/**
 * What is typed into the text areas of a view the server rendered, until it hydrates: React 18 sets a text area back
 * to its server text when it hydrates it (ReactDOMTextarea's postMountWrapper), so `putBack` restores what was typed.
 * Only the view's own text areas count: those between its boundary's start (`<!--$-->`) and its marker.
 */
function typedText(marker: Element) {
  let start: Node | null = marker;
  while (start && !(start.nodeType === Node.COMMENT_NODE && (start as Comment).data.startsWith("$")))
    start = start.previousSibling;
  const typed = new Map<HTMLTextAreaElement, string>();
  const inView = (node: Node) =>
    start !== null &&
    Boolean(start.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) &&
    Boolean(marker.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING);
  const onInput = (event: Event) => {
    const element = event.target;
    if (element instanceof HTMLTextAreaElement && inView(element)) typed.set(element, element.value);
  };
  document.addEventListener("input", onInput, true);
  return {
    putBack() {
      document.removeEventListener("input", onInput, true);
      for (const [element, value] of typed) if (element.isConnected && element.value !== value) element.value = value;
      typed.clear();
    },
  };
}

/** A layout effect in the browser (the server runs no effect, and React warns of a layout effect there). */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * The Remix context as a value that changes only with what it holds: Remix makes its value anew when the address
 * changes, outside a transition (RemixBrowser's location state), which would reach a dehydrated view (React #421).
 * A provider of the same context stops that change here; the value the view reads is the same.
 */
function StableRemixContext({ children }: { children: ReactNode }) {
  const remix = useContext(RemixContext);
  const { manifest, routeModules, future, criticalCss, isSpaMode } = remix ?? {};
  const value = useMemo(
    () => remix,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value changes only when what it holds does
    [manifest, routeModules, future, criticalCss, isSpaMode],
  );
  return <RemixContext.Provider value={value}>{children}</RemixContext.Provider>;
}

/**
 * A view rendered whole by the server and hydrated in the browser when its chunk has come. `name` marks it in the HTML
 * (`<template data-lazy-view>`); `eager` gives the component where it is bundled (the server; unit tests), else
 * nothing; `load` imports it.
 */
export function lazyView<P extends object>(
  name: string,
  eager: () => ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
) {
  // The parts the view's modules found open in the HTML (ADR 0051) come with it.
  const { preload, Loaded: View } = chunkComponent(eager, load, () => Promise.all(window.__lazyParts ?? []));
  let typed: ReturnType<typeof typedText> | null = null;
  if (typeof document !== "undefined" && eager() === undefined) {
    // The route's module has loaded: the view will be wanted, its chunk is asked for now.
    void preload();
    // The server rendered it (a first visit): what is typed before it hydrates is kept.
    const marker = document.querySelector(`template[data-lazy-view="${name}"]`);
    if (marker) {
      window.__lazyViewsPending = (window.__lazyViewsPending ?? 0) + 1;
      typed = typedText(marker);
    }
  }
  /** Runs as the view hydrates (or mounts): what was typed before is put back. */
  function Hydrated() {
    useBrowserLayoutEffect(() => {
      if (!typed) return;
      typed.putBack();
      typed = null;
      window.__lazyViewsPending = Math.max(0, (window.__lazyViewsPending ?? 1) - 1);
    }, []);
    return null;
  }
  function LazyView(props: P) {
    return (
      <StableRemixContext>
        <Suspense fallback={null}>
          <View {...props} />
          <template data-lazy-view={name} />
          <Hydrated />
        </Suspense>
      </StableRemixContext>
    );
  }
  return memo(LazyView);
}
