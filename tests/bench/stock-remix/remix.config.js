/**
 * The stock Remix baseline of `npm run bench:http` (issue 26, docs/decisions/0037-soak-and-bench-measures.md):
 * the classic compiler with Remix's default entry files, and the product's future flags (single fetch), so that
 * the only difference from the product's pages is the product's own code.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: false,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
};
