import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorView } from "~/components/ErrorView";
import { formRefusalOf } from "~/lib/forms/refusal.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta, useSettings } from "~/lib/settings";

/**
 * The page a refused request is answered with (server/web/guards.ts): an address this service does not answer to,
 * or a form post that did not prove it came from this site. It says what happened and what to do. Reached only
 * through a refusal; opened directly it does not exist.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const refusal = context.refusal;
  const t = await getFixedT(request);
  if (!refusal) throw data(null, { status: 404, statusText: "Not Found" });
  const publicUrl = context.web.publicUrl;
  const view = (() => {
    switch (refusal.kind) {
      case "host":
        return {
          title: t("refused.hostTitle"),
          message: t("refused.hostMessage", { address: refusal.address, publicUrl }),
          hint: null,
        };
      case "origin":
        return {
          title: t("refused.originTitle"),
          // "null" is what a browser sends for a page that will not say where it is (another site, a sandbox).
          message:
            refusal.from && refusal.from !== "null"
              ? t("refused.originMessage", { from: refusal.from, address: refusal.address })
              : t("refused.originNoSource"),
          hint: t("refused.originHint", { publicUrl }),
        };
      case "formTooLarge":
        return {
          title: t("refused.originTitle"),
          message: t("refused.formTooLarge", { size: Math.floor(refusal.maxBytes / 1024) }),
          hint: null,
        };
      // (A method other than GET, HEAD and POST is answered in plain text before any page: server/main.ts.)
      case "formUnreadable":
      case "method":
        return { title: t("refused.originTitle"), message: t("refused.formUnreadable"), hint: null };
    }
  })();
  return data({ ...view, publicUrl, pageName: t("refused.pageName") }, { status: refusal.status });
}

/**
 * A form posted by scripts that the service could not take (server/main.ts; issue 24, defect 8): the answer stands in
 * for the page's own action's, so the page stays as it was, edits and all. It names the refusal (a page's file form
 * shows it in place: FormRefusalNotice).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formRefused = await formRefusalOf(request, context);
  if (!formRefused) throw data(null, { status: 404, statusText: "Not Found" });
  return { formRefused };
}

export default function Refused() {
  const { title, message, hint, publicUrl } = useLoaderData<typeof loader>();
  const settings = useSettings();
  const { t } = useTranslation();
  return (
    <ErrorView
      title={title}
      message={hint ? `${message} ${hint}` : message}
      homeHref={`${publicUrl}/ng/`}
      homeLabel={t("refused.openProduct", { publicUrl })}
      supportEmail={settings?.rbqmSupportEmail}
    />
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
