/** The one dialog of the app: server-eager, client-lazy (./dialogs.tsx, ADR 0052); the implementation ./DialogBox.tsx. */
export { Dialog } from "./dialogs";
export type { DialogProps } from "./DialogBox";
