/**
 * The CTQ results as the route renders them (ADR 0064): whole in the server's HTML, hydrated in the browser when the
 * view's chunk (./CtqResultsPage.tsx) has come; until then the page works as without scripts.
 */
import { lazyView } from "~/components/lazy-view";
import * as server from "./CtqResultsPage.server";

// Empty in the browser (a `.server` module): there the view comes as a chunk.
const eager = server as Partial<typeof server>;

export const CtqResultsView = lazyView(
  "ctq-results",
  () => eager.CtqResultsPage,
  () => import("./CtqResultsPage").then((m) => m.CtqResultsPage),
);
