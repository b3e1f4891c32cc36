/**
 * The risk assessment results as the route renders them (ADR 0064): whole in the server's HTML, hydrated in the
 * browser when the view's chunk (./ResultsPage.tsx) has come; until then the page works as without scripts.
 */
import { lazyView } from "~/components/lazy-view";
import * as server from "./ResultsPage.server";

// Empty in the browser (a `.server` module): there the view comes as a chunk.
const eager = server as Partial<typeof server>;

export const ResultsView = lazyView(
  "risk-results",
  () => eager.ResultsPage,
  () => import("./ResultsPage").then((m) => m.ResultsPage),
);
