import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { CompanyLogo } from "~/components/CompanyLogo";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches, useSettings } from "~/lib/settings";

/** /ng/: the start page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  return { pageName: t("home.title") };
}

export default function Home() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-2xl rounded-lg border border-slate-200 bg-white p-10 shadow-sm">
        <CompanyLogo className="mb-8 h-10 w-auto" />
        <h1 className="text-3xl font-semibold text-slate-900">{settings?.productName}</h1>
        <p className="mt-2 text-lg text-slate-600">{t("product.tagline")}</p>
        <p className="mt-6 text-slate-700">{t("home.intro")}</p>
        <p className="mt-6 text-sm text-slate-500" role="status">
          {t("home.status")}
        </p>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
