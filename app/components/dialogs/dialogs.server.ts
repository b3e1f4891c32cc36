/**
 * The dialogs' implementations for the server's render (./dialogs.tsx): whole in the HTML there, with or without
 * scripts. In the browser this module is empty (a `.server` module) and each implementation is a chunk of its own,
 * loaded after the first paint (ADR 0052).
 */
export { ConfirmDialogBox } from "./ConfirmDialogBox";
export { DialogBox } from "./DialogBox";
