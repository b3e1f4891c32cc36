/**
 * The shell's server-eager, client-lazy parts for the server's render (ADR 0052): the error boundary's view
 * (./GeneralErrorBoundary.tsx) and the dialogs' implementations (./dialogs/dialogs.tsx), whole in the HTML there, with
 * or without scripts. In the browser this module is empty (a `.server` module) and each part is a chunk of its own,
 * loaded when shown or after the first paint. One module, so that the browser's bundle carries one empty stub for
 * them, not one per part.
 */
export { ConfirmDialogBox } from "./dialogs/ConfirmDialogBox";
export { DialogBox } from "./dialogs/DialogBox";
export { ErrorView } from "./ErrorView";
