import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/i18n-react";
import { ErrorView } from "~/components/ErrorView";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches, useSettings } from "~/lib/settings";

/** Any /ng/ address no route claims: a real 404 page, with status 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  return data({ pageName: t("notFound.pageName") }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <ErrorView
      title={t("notFound.title")}
      message={t("notFound.message")}
      homeLabel={t("notFound.home")}
      supportEmail={settings?.rbqmSupportEmail}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), loaderData?.pageName) },
];
