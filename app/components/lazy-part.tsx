/**
 * A part of a page whose code the browser loads when the part is first shown, not with the page (ADR 0051): the
 * editors' Add, Delete and Import dialogs, the unsaved-changes question.
 *
 * - The server renders the part in place from its own import (`eager`: a `.server` re-export of the part's module,
 *   an empty module in the browser's bundle), so a dialog that the URL or a post opened is in the HTML, without
 *   scripts too.
 * - In the browser, a part first shown after hydration suspends until its chunk has loaded (its own Suspense
 *   boundary shows nothing meanwhile), then stays mounted (a dialog that closes gives the focus back to its opener).
 * - A part the server rendered is marked (`<template data-lazy-part>`): when this module's callers load (the route
 *   modules, before entry.client) such a part's chunk is asked for at once, and entry.client awaits it
 *   (`window.__lazyParts`) before it hydrates, so the page hydrates the server's markup as it stands, with no
 *   suspended boundary that an update would throw away.
 */
import { Suspense, useState, type ComponentType } from "react";

declare global {
  interface Window {
    /** The chunks of the parts the server rendered, loading: entry.client awaits them before it hydrates. */
    __lazyParts?: Promise<unknown>[];
  }
}

/**
 * A component whose code is a chunk of its own, shared by `lazyPart` and `lazyView` (app/components/lazy-view.tsx):
 * `preload` asks for the chunk once (again after a failure), then `ready` (what must come with it) before it counts as
 * loaded; `Loaded` renders it, suspends until it has come, or throws the failure to the route's error boundary (once:
 * the next render asks again). Hydration does not wait for a failed chunk.
 */
export function chunkComponent<P extends object>(
  eager: () => ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  ready: () => Promise<unknown> = () => Promise.resolve(),
) {
  let loaded: ComponentType<P> | undefined;
  let failure: unknown;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load()
      .then(async (component) => {
        await ready();
        loaded = component;
      })
      .catch((error: unknown) => {
        failure = error;
        pending = undefined;
      }));
  function Loaded(props: P) {
    const Component = loaded ?? eager();
    if (Component) return <Component {...props} />;
    if (failure !== undefined) {
      const error = failure;
      failure = undefined;
      throw error;
    }
    throw preload();
  }
  return { preload, Loaded };
}

/**
 * A part loaded when first shown. `eager` gives the component where it is bundled (the server; unit tests), else
 * nothing; `load` imports it. The part renders while `when` holds, and from then on.
 */
export function lazyPart<P extends object>(
  name: string,
  eager: () => ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
) {
  const { preload, Loaded } = chunkComponent(eager, load);
  if (typeof document !== "undefined" && document.querySelector(`template[data-lazy-part="${name}"]`))
    (window.__lazyParts ??= []).push(preload());
  function Part({ when, ...props }: P & { when: boolean }) {
    const [shown, setShown] = useState(when);
    if (when && !shown) setShown(true);
    if (!when && !shown) return null;
    return (
      <>
        {when ? <template data-lazy-part={name} /> : null}
        <Suspense fallback={null}>
          <Loaded {...(props as unknown as P)} />
        </Suspense>
      </>
    );
  }
  Part.preload = preload;
  return Part;
}
