/**
 * The house dialogs (app/components/dialogs) for a page that seldom opens them: the same components, their code loaded
 * when one first opens (ADR 0051, ./lazy-part.tsx); the server renders them in place (./lazy-dialogs.server.ts). The
 * editors and the results pages use these, so their first visit carries neither implementation.
 */
import type { ComponentType } from "react";
import type { ConfirmDialogProps } from "~/components/dialogs/ConfirmDialog";
import type { DialogProps } from "~/components/dialogs/Dialog";
import * as eager from "./lazy-dialogs.server";
import { lazyPart } from "./lazy-part";

const LazyDialog = lazyPart(
  "dialog",
  () => eager.Dialog,
  () => import("~/components/dialogs/Dialog").then((m) => m.Dialog),
) as ComponentType<DialogProps & { when: boolean }>;

const LazyConfirmDialog = lazyPart(
  "confirm-dialog",
  () => eager.ConfirmDialog,
  () => import("~/components/dialogs/ConfirmDialog").then((m) => m.ConfirmDialog),
) as ComponentType<ConfirmDialogProps & { when: boolean }>;

/** The house Dialog, loaded when it first opens. */
export function Dialog(props: DialogProps) {
  return <LazyDialog {...props} when={props.open} />;
}

/** The house ConfirmDialog, loaded when it first opens. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <LazyConfirmDialog {...props} when={props.open} />;
}
