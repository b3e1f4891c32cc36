/**
 * The CP&CD pages as their routes render them (ADR 0064): whole in the server's HTML, hydrated in the browser when the
 * views' chunk (./CpcdViews.tsx) has come; until then the page works as without scripts.
 */
import { lazyView } from "~/components/lazy-view";
import * as server from "./CpcdViews.server";

// Empty in the browser (a `.server` module): there the views come as a chunk.
const eager = server as Partial<typeof server>;

const views = () => import("./CpcdViews");

export const CompanyCpcdPage = lazyView(
  "company-cpcd",
  () => eager.CompanyCpcdView,
  () => views().then((m) => m.CompanyCpcdView),
);

export const StudyCpcdPage = lazyView(
  "study-cpcd",
  () => eager.StudyCpcdView,
  () => views().then((m) => m.StudyCpcdView),
);
