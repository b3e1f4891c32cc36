// @vitest-environment jsdom
// A lazy view (ADR 0064, app/components/lazy-view.tsx): the server's HTML hydrated when the view's code has come, and
// kept as it is meanwhile: through a change of Remix's context outside a transition (which RemixBrowser makes when the
// address changes), with what was typed into it (a text area too, which React 18 resets as it hydrates).
import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { act, createContext, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { lazyView } from "~/components/lazy-view";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface EditorProps {
  title: string;
}
function Editor({ title }: EditorProps) {
  return (
    <form>
      <input name="title" aria-label="Title" defaultValue={title} />
      <textarea name="details" aria-label="Details" defaultValue="As the server wrote it" />
    </form>
  );
}

/** Another context above the page: React cannot tell whether the dehydrated view reads it. */
const Other = createContext(0);
type RemixValue = NonNullable<React.ContextType<typeof RemixContext>>;
const remixValue = () => ({ manifest: {}, routeModules: {}, future: {}, isSpaMode: false }) as unknown as RemixValue;

function Page({ remix, other, View }: { remix: RemixValue; other: number; View: ComponentType<EditorProps> }) {
  return (
    <RemixContext.Provider value={remix}>
      <Other.Provider value={other}>
        <View title="Consent" />
      </Other.Provider>
    </RemixContext.Provider>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** The server's HTML in the document, then the browser's view over it with its code held back. */
async function hydrateHeld(name: string) {
  const server = lazyView(
    name,
    () => Editor,
    () => Promise.resolve(Editor),
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Page remix={remixValue()} other={0} View={server} />);
  document.body.append(container);
  let resolve = (_: ComponentType<EditorProps>) => {};
  const held = new Promise<ComponentType<EditorProps>>((done) => (resolve = done));
  // The chunk comes: the view's retry is scheduled once its promises have settled.
  const release = async () => {
    resolve(Editor);
    await held;
    await new Promise((done) => setTimeout(done, 0));
  };
  // The browser's module: no eager view (an empty `.server` module), the server's marker in the document.
  const View = lazyView(
    name,
    () => undefined,
    () => held,
  );
  const errors: string[] = [];
  const remix = remixValue();
  await act(async () => {
    root = hydrateRoot(container, <Page remix={remix} other={0} View={View} />, {
      onRecoverableError: (error) => errors.push(String((error as Error).message ?? error)),
    });
  });
  const title = container.querySelector("input")!;
  const details = container.querySelector("textarea")!;
  for (const [field, text] of [
    [title, "Typed early"],
    [details, "Details typed early"],
  ] as const) {
    field.value = text;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
  return { View, remix, errors, title, details, release };
}

describe("a lazy view", () => {
  it("keeps the server's HTML and what was typed through a Remix context change, then hydrates with it", async () => {
    const { View, remix, errors, title, details, release } = await hydrateHeld("held-remix");
    expect(window.__lazyViewsPending).toBe(1);
    // RemixBrowser hands out a new context value when the address changes, outside a transition.
    await act(async () => root!.render(<Page remix={{ ...remix }} other={0} View={View} />));
    expect(title.isConnected && details.isConnected).toBe(true);
    await act(release);
    expect(window.__lazyViewsPending).toBe(0);
    expect(title.isConnected).toBe(true);
    expect(title.value).toBe("Typed early");
    // React 18 set the text area back to its server text as it hydrated it: the view put back what was typed.
    expect(details.value).toBe("Details typed early");
    expect(errors).toEqual([]);
  });

  it("is thrown away by a change of any other context above it outside a transition (React #421): the hazard", async () => {
    const { View, remix, errors, release } = await hydrateHeld("held-other");
    await act(async () => root!.render(<Page remix={remix} other={1} View={View} />));
    await act(release);
    expect(errors.join("\n")).toMatch(/received an update before it finished hydrating/);
  });
});
