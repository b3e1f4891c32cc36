import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SignInLayout } from "~/components/SignInLayout";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta } from "~/lib/settings";

/** /ng/logoff: where logout ends (000 §2.3's post_logout_redirect_uri). Needs no sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  return { pageName: t("oidc.signedOutHeading") };
}

export default function LoggedOff() {
  const { t } = useTranslation();
  return (
    <SignInLayout
      heading={t("oidc.signedOutHeading")}
      exit={{ to: "/ng/login", label: t("oidc.signInAgain"), reloadDocument: true }}
    >
      <p className="text-slate-700" role="status">
        {t("oidc.signedOut")}
      </p>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
