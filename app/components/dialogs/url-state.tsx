/** A dialog's URL state (docs/decisions/0023-forms-dialogs-and-lists.md): in ./dialogs.tsx, with the dialogs (ADR 0052). */
export { DIALOG_PARAM, DialogTrigger, hrefWithParam, isPlainClick, useUrlDialog, type UrlDialog } from "./dialogs";
