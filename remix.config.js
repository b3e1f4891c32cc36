import { flatRoutes } from "remix-flat-routes";

/**
 * Remix v2, classic compiler. Every UI route lives under /ng/ (see docs/decisions/0003-routes-and-base-path.md).
 * Route modules are remix-flat-routes "+" folders, so app/routes mirrors the URL segments.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      // A helper of one route family sits beside it as *.server.ts (server-only: never in the browser's bundle).
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.*"],
    }),
  publicPath: "/ng/build/",
  assetsBuildDirectory: "public/ng/build",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
};
