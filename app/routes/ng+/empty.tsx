import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta } from "~/lib/settings";

/** /ng/empty: a placeholder page (000 §2.3); signed-in users only, it shows nothing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await getFixedT(request);
  return { pageName: t("empty.title") };
}

export default function Empty() {
  const { t } = useTranslation();
  // Nothing to see; the heading is for assistive technology only.
  return (
    <main id="main" data-testid="empty-page">
      <h1 className="sr-only">{t("empty.title")}</h1>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
