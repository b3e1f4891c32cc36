/** The confirmation modal: server-eager, client-lazy (./dialogs.tsx, ADR 0052); the implementation ./ConfirmDialogBox.tsx. */
export { ConfirmDialog } from "./dialogs";
export type { ConfirmDialogProps, FormButtonAction, LinkAction, PostAction } from "./ConfirmDialogBox";
