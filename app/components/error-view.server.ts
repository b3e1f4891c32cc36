/**
 * The error view for the server's render of GeneralErrorBoundary: there it is rendered at once, so an error page is
 * whole in the HTML (with or without scripts). In the browser this module is empty (a `.server` module) and the view
 * comes as a chunk of its own when an error is shown, not with every page's first visit (ADR 0052).
 */
export { ErrorView } from "./ErrorView";
