import { lazy, startTransition, Suspense, useEffect, useId, useState, type ComponentType } from "react";
import * as serverOnly from "./dialog-box.server";
import { dialogClass } from "./dialog-class";
import type { DialogBox, DialogProps } from "./DialogBox";

export type { DialogProps } from "./DialogBox";

/** The implementation (./DialogBox.tsx) once here: on the server from the start (a `.server` re-export). */
let loaded: typeof DialogBox | undefined = (serverOnly as Partial<typeof serverOnly>).DialogBox;
const load = () =>
  import("./DialogBox").then((module) => {
    loaded = module.DialogBox;
    return module.DialogBox;
  });
const LazyBox = lazy(() => load().then((Box) => ({ default: Box as ComponentType<DialogProps> })));

/**
 * The one dialog of the app (./DialogBox.tsx), its code out of the page's first download (ADR 0052: most pages hold
 * a dialog, few show it at once). The server renders the implementation itself, so the HTML holds the dialog whole,
 * with or without scripts. In the browser the implementation is a chunk loaded once the page has hydrated; until
 * then a closed dialog is its closed <dialog> (the same markup), and one the server rendered open keeps the server's
 * markup (a Suspense boundary that hydrates when the chunk has come). An opening before the chunk has come waits
 * for it (the URL-state dialogs open in a transition, ./url-state.tsx).
 */
export function Dialog(props: DialogProps) {
  const [ready, setReady] = useState(() => loaded !== undefined);
  useEffect(() => {
    if (!ready) void load().then(() => startTransition(() => setReady(true)));
  }, [ready]);
  const Server = (serverOnly as Partial<typeof serverOnly>).DialogBox;
  return (
    <Suspense fallback={null}>
      {Server ? <Server {...props} /> : ready || props.open ? <LazyBox {...props} /> : <ClosedDialog {...props} />}
    </Suspense>
  );
}

/** A closed dialog's markup, as the implementation renders it (no content: a closed dialog holds nothing). */
function ClosedDialog({ description, size, "data-testid": testId }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className={dialogClass(size)}
    />
  );
}
