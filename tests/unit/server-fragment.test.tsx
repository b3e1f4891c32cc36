// @vitest-environment jsdom
// The header's markup made once per input on the server (ADR 0067, app/components/ServerFragment.tsx): the same as
// the markup made in place, kept per input and never shared across inputs, and hydrated by the browser as it is.
import type { Settings } from "@server/contracts/settings";
import { act, createElement, type ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Header, type HeaderProps } from "~/components/shell/Header";
import { FragmentCacheContext } from "~/lib/fragment-cache";
import { cachedFragment, createFragmentCache, type FragmentCache } from "~/lib/fragment-cache.server";
import { buildNav } from "~/lib/navigation.server";
import { NG_LAYOUT_ROUTE_ID } from "~/lib/settings";
import { I18nWrapper } from "../support/i18n-test";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COMPANY = "6560de000000000000000001";
const URL_PATH = `/ng/companies/${COMPANY}/studies/DEMO001`;

/** The /ng/ layout's settings: a classic application (its links resolve there) and a study designer outside. */
const settings = {
  productName: "RBQM Studio",
  productNameHtmlTitle: "RBQM Studio",
  legacyBaseUrl: "https://classic.example",
  studyDesignerUrl: "https://designer.example/",
  helpUrl: "https://rbqm.example/help",
  environmentLogo: "/ng/environmentLogo",
  userId: "u1",
  userNameOrEmail: "Ada Admin",
} as Settings;

function headerProps(name = "Ada Admin", notificationCount = 3): HeaderProps {
  const nav = buildNav(
    {
      companyId: COMPANY,
      study: { studyName: "DEMO001", internalStudyId: "s1" },
      protocolAnalysisEnabled: true,
      helpUrl: settings.helpUrl,
      kriWikiUrl: null,
      studyDesignerUrl: settings.studyDesignerUrl,
      legacyBaseUrl: settings.legacyBaseUrl,
    },
    () => true,
  );
  return {
    companyId: COMPANY,
    nav,
    user: { id: "u1", name, pictureHref: null },
    notificationCount,
    studies: [
      { studyName: "DEMO001", displayId: "DEMO-001", displayName: "Hypertension", isRetired: false, href: URL_PATH },
      { studyName: "OLD", displayId: "OLD-1", displayName: "Closed", isRetired: true, href: null },
    ],
    study: { studyName: "DEMO001", displayId: "DEMO-001", isRetired: false },
  };
}

/** The page's routes: the /ng/ layout (its data holds the settings) and the page, which shows the header. */
const routes = (element: ReactElement): RouteObject[] => [
  { id: NG_LAYOUT_ROUTE_ID, path: "/", loader: () => ({ settings }), children: [{ path: "*", element }] },
];

/** The server's HTML of the page, with the fragment cache or without it. */
async function serverHtml(element: ReactElement, cache: FragmentCache | null): Promise<string> {
  const handler = createStaticHandler(routes(element));
  const context = await handler.query(new Request(`http://localhost${URL_PATH}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(
    <I18nWrapper>
      <FragmentCacheContext.Provider value={cache ? cachedFragment(cache) : null}>{page}</FragmentCacheContext.Provider>
    </I18nWrapper>,
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("the header's markup, made once per input (ADR 0067)", () => {
  it("is the markup made in place, settings, links, menus and forms included", async () => {
    const inPlace = await serverHtml(<Header {...headerProps()} />, null);
    const cached = await serverHtml(<Header {...headerProps()} />, createFragmentCache());
    expect(cached).toBe(inPlace);
    // What it depends on, beyond its props, came through: the settings (the classic application's links, the
    // product's name), the texts, and the router's links and form.
    expect(cached).toContain("https://classic.example/");
    expect(cached).toContain('aria-label="RBQM Studio"');
    expect(cached).toContain(`href="/ng/companies/${COMPANY}/studies/DEMO001/cpcd"`);
    expect(cached).toContain('action="/ng/oidc/logout"');
    expect(cached).toContain("Log Out");
  });

  it("is made once for an input and reused, and another input (another user, another count) gets its own", async () => {
    const cache = createFragmentCache();
    const render = vi.fn(cache) as unknown as FragmentCache & ReturnType<typeof vi.fn>;
    const first = await serverHtml(<Header {...headerProps()} />, render);
    const again = await serverHtml(<Header {...headerProps()} />, render);
    expect(again).toBe(first);
    expect(cache.size).toBe(1);
    const other = await serverHtml(<Header {...headerProps("Bob Builder", 120)} />, render);
    expect(cache.size).toBe(2);
    expect(other).toContain("Bob Builder");
    expect(other).not.toContain("Ada Admin");
    expect(other).toContain("99+");
    expect(first).not.toContain("Bob Builder");
    expect(render).toHaveBeenCalledTimes(3);
  });

  it("keeps at most its size, letting the least recently used go", () => {
    const cache = createFragmentCache(2);
    const made: string[] = [];
    const part = (text: string) =>
      function Part() {
        made.push(text);
        return <p>{text}</p>;
      };
    expect(cache("a", part("a"))).toBe("<p>a</p>");
    cache("b", part("b"));
    cache("a", part("a")); // used again: "b" is now the oldest
    cache("c", part("c"));
    expect(cache.size).toBe(2);
    cache("a", part("a"));
    cache("b", part("b"));
    expect(made).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps at most its characters of keys and markup, whatever the keys' lengths", () => {
    const cache = createFragmentCache(10, 40);
    const long = "k".repeat(20);
    cache(`${long}1`, () => <p>one</p>); // 21 + 10 characters
    expect(cache.size).toBe(1);
    cache(`${long}2`, () => <p>two</p>); // 62 in all: the oldest goes
    expect(cache.size).toBe(1);
    let made = 0;
    cache(`${long}2`, () => {
      made += 1;
      return <p>two</p>;
    });
    expect(made).toBe(0);
  });

  it("is hydrated by the browser as it is: no mismatch, the same elements, and its menus work", async () => {
    const html = await serverHtml(<Header {...headerProps()} />, createFragmentCache());
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const header = container.querySelector("header")!;
    const firstLink = header.querySelector("a")!;
    const errors: string[] = [];
    const consoleError = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args.join(" ")));
    const router = createMemoryRouter(routes(<Header {...headerProps()} />), {
      initialEntries: [URL_PATH],
      hydrationData: { loaderData: { [NG_LAYOUT_ROUTE_ID]: { settings } } },
    });
    await act(async () => {
      root = hydrateRoot(
        container,
        <I18nWrapper>
          <RouterProvider router={router} future={{ v7_startTransition: true }} />
        </I18nWrapper>,
        { onRecoverableError: (error) => errors.push(String((error as Error).message ?? error)) },
      );
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    // The server's elements were kept, not made again.
    expect(container.querySelector("header")).toBe(header);
    expect(header.querySelector("a")).toBe(firstLink);
    // Its menus' keyboard code has come and wired them to the server's elements.
    const trigger = container.querySelector<HTMLButtonElement>('[data-testid="menu-study"]')!;
    await vi.waitFor(() => expect(trigger.getAttribute("aria-haspopup")).toBe("menu"));
    expect(trigger.getAttribute("aria-controls")).toBe(
      container.querySelector('[data-testid="menu-study-content"]')!.id,
    );
  });
});
