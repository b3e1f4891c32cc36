import type { WebContext } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import type { FormRefusal } from "./refusal";

/**
 * The form refusal of this request (server/web/guards.ts; issue 24, defect 8), translated: set when the guards did
 * not take a post and the page is shown again in its stead (without scripts), or answered as an action (with them).
 */
export async function formRefusalOf(request: Request, context: WebContext): Promise<FormRefusal | null> {
  const refusal = context.refusal;
  if (refusal?.kind !== "formTooLarge" && refusal?.kind !== "formUnreadable") return null;
  const t = await getFixedT(request);
  const message =
    refusal.kind === "formTooLarge"
      ? t("refused.formTooLarge", { size: Math.floor(refusal.maxBytes / 1024) })
      : t("refused.formUnreadable");
  return { kind: refusal.kind, message, files: refusal.kind === "formTooLarge" && refusal.multipart };
}
