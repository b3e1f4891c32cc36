/**
 * Rendering helpers for component tests (vitest with `// @vitest-environment jsdom`): the app's translator with the
 * real deven texts, an I18nProvider wrapper, and a data router around the component, as Remix links, forms and
 * useLocation need one.
 */
import { cleanup, render, type RenderResult } from "@testing-library/react";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach } from "vitest";
import { I18nProvider } from "~/lib/i18n-react";
import { createTranslator, type Messages, type TFunction } from "~/lib/translate";
import deven from "../../locales/deven.json";

let translator: TFunction | null = null;

/** The app's translator with locales/deven.json. */
export function testT(): TFunction {
  return (translator ??= createTranslator(deven as Messages));
}

/** The deven text of a key, as the components show it. */
export const tt = (key: string, options?: Record<string, unknown>) => testT()(key, options);

export function I18nWrapper({ children }: { children: ReactNode }) {
  // eslint-disable-next-line react/no-children-prop -- a .ts file (no JSX): the provider's props type wants children
  return createElement(I18nProvider, { t: testT(), locale: "deven", children });
}

/** Renders inside a memory data router at `url` (default "/ng/list"), with the deven texts. */
export function renderWithRouter(
  ui: ReactElement,
  url = "/ng/list",
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [url] });
  const result = render(
    createElement(I18nWrapper, null, createElement(RouterProvider, { router, future: { v7_startTransition: true } })),
  );
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
export function cleanupAfterEach(): void {
  afterEach(() => cleanup());
}
