import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CompanyLogo } from "~/components/CompanyLogo";
import { Button } from "~/components/forms/Button";
import { CardPage } from "~/components/SignInLayout";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyAddresses } from "~/lib/navigation.server";
import { useSessionCheck } from "~/lib/session-check";
import { pageMeta, useSettings } from "~/lib/settings";
import { signedInWithBatch, userSettings } from "~/lib/shell.server";

/**
 * /ng/: signed-in users go on to their company's home, the studies open to them (docs/decisions/0019). A user to whom
 * no company page is open stays here, with their name, a notice and Log Out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { session, api, batch } = await signedInWithBatch(request, context);
  const { companyId } = await userSettings(context, api);
  if (companyId) {
    const addresses = companyAddresses(companyId);
    const allowed = await batch.check([addresses.company, addresses.studies]);
    if (allowed.get(addresses.company) && allowed.get(addresses.studies)) throw redirect(appLinks.company(companyId));
  }
  const t = await getFixedT(request);
  return { pageName: t("home.title"), userName: session.user.name };
}

export default function Home() {
  const { t } = useTranslation();
  const { userName } = useLoaderData<typeof loader>();
  const settings = useSettings();
  useSessionCheck();
  return (
    <CardPage wide>
      <CompanyLogo className="mb-8 h-10 w-auto" />
      <h1 className="text-3xl font-semibold text-slate-900">{settings?.productName}</h1>
      <p className="mt-2 text-lg text-slate-600">{t("product.tagline")}</p>
      <p className="mt-6 text-slate-700" data-testid="signed-in-user">
        {t("home.signedInAs", { name: userName })}
      </p>
      <p className="mt-2 text-slate-700" data-testid="no-company">
        {t("home.noCompany")}
      </p>
      <Form method="post" action="/ng/oidc/logout" className="mt-6">
        <Button variant="link" name="intent" value="logout">
          {t("home.logOut")}
        </Button>
      </Form>
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
