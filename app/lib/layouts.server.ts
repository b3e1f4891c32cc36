/**
 * What the root and the shell's layout routes need on the server, from one module (ADR 0059): the Remix compiler
 * makes every `.server` module an empty module in the browser, and esbuild puts each one that several routes import
 * into a chunk of its own (about 115 bytes gzipped, on every page). The root and the layouts are on every signed-in
 * page together: one module is one such chunk for them instead of three.
 */
export { data } from "@remix-run/node";
export { consumeFlash } from "./flash.server";
export { getFixedT, getLocale, localeCookieHeader, translatorFor } from "./i18next.server";
export { deploymentSettings } from "./settings.server";
export { loadCompanyShell, loadStudyShell } from "./shell.server";
