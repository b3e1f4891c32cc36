/**
 * Rendering helpers for component tests (vitest with `// @vitest-environment jsdom`): an i18next instance with the
 * real deven texts, an I18nextProvider wrapper, and a data router around the component, as Remix links, forms and
 * useLocation need one.
 */
import { cleanup, render, type RenderResult } from "@testing-library/react";
import { createInstance, type i18n as I18n } from "i18next";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach } from "vitest";
import deven from "../../locales/deven.json";
import { i18nConfig } from "~/lib/i18n";

let instance: I18n | null = null;

/** One initialised i18next instance with locales/deven.json (synchronous: resources are inline). */
export function testI18n(): I18n {
  if (instance) return instance;
  const created = createInstance();
  void created.init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    ns: [...i18nConfig.ns],
    lng: "deven",
    resources: { deven: { translation: deven } },
    initImmediate: false,
  });
  instance = created;
  return created;
}

/** The deven text of a key, as the components show it. */
export const tt = (key: string, options?: Record<string, unknown>) => testI18n().t(key, options);

export function I18nWrapper({ children }: { children: ReactNode }) {
  return createElement(I18nextProvider, { i18n: testI18n() }, children);
}

/** Renders inside a memory data router at `url` (default "/ng/list"), with the deven texts. */
export function renderWithRouter(ui: ReactElement, url = "/ng/list"): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [url] });
  const result = render(createElement(I18nWrapper, null, createElement(RouterProvider, { router, future: { v7_startTransition: true } })));
  return Object.assign(result, { router });
}

/** Renders with the deven texts only (no router). */
export function renderWithI18n(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: I18nWrapper });
}

/** The server-rendered HTML (no effects run: what a browser without JavaScript shows). */
export async function renderServerHtml(ui: ReactElement, url = "/ng/list"): Promise<string> {
  const routes = [{ path: "*", element: ui }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(I18nWrapper, null, createElement(StaticRouterProvider, { router, context, hydrate: false })),
  );
}

/** Unmounts after each test (Testing Library only does it by itself when vitest globals are on). */
export function useCleanup(): void {
  afterEach(() => cleanup());
}
