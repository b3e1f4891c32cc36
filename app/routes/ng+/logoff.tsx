import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { CenteredCard } from "~/components/CenteredCard";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";

/** /ng/logoff: where logout ends (000 §2.3's post_logout_redirect_uri). Needs no sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  return { pageName: t("oidc.signedOutHeading") };
}

export default function LoggedOff() {
  const { t } = useTranslation();
  return (
    <CenteredCard>
      <h1 className="text-2xl font-semibold text-slate-900">{t("oidc.signedOutHeading")}</h1>
      <p className="mt-3 text-slate-700" role="status">
        {t("oidc.signedOut")}
      </p>
      <p className="mt-8">
        <a href="/ng/login" className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {t("oidc.signInAgain")}
        </a>
      </p>
    </CenteredCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
