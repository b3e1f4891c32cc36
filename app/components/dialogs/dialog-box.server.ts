/**
 * The dialog's implementation for the server's render (app/components/dialogs/Dialog.tsx): there it is rendered at
 * once, so an open dialog is whole in the HTML (with or without scripts). In the browser this module is empty (a
 * `.server` module) and the implementation is a chunk of its own, loaded after the first paint (ADR 0052).
 */
export { DialogBox } from "./DialogBox";
