import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { NO_STORE } from "@server/contracts/headers";
import { Button } from "~/components/forms/Button";
import { SignInLayout } from "~/components/SignInLayout";
import { clearAuth } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { readAuthSession } from "~/lib/session.server";
import { pageMeta } from "~/lib/settings";
import { readFields } from "./logout.server";

/**
 * /ng/oidc/logout (000 §2.3): the product's own Log Out and the end_session_endpoint of client applications
 * (OpenID Connect RP-Initiated Logout). GET asks for confirmation; only the POST signs out: it ends the web session's
 * grant (and the grant of a client's id_token_hint) on the server, clears the auth cookie and sends the browser to
 * /api/oauth/logout with post_logout_redirect_uri, which goes on only to /ng/logoff or a registered address.
 * Unlike 000 §2.3 no id_token_hint is put in that address (ASVS: no tokens in URLs): the grant is already ended here.
 */
const noStore = NO_STORE;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  const fields = readFields(new URL(request.url).searchParams.entries());
  return data({ fields, pageName: t("oidc.logoutHeading") }, { headers: noStore });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "logout") throw data(null, { status: 400 });
  const fields = readFields(form.entries() as Iterable<[string, FormDataEntryValue]>);
  const api = apiFor(context);

  const session = readAuthSession(request, context);
  if (session) {
    const revoked = await api.oauth.revoke(session.refreshToken);
    if (!revoked.ok)
      context.logger.warn({ status: revoked.status, code: revoked.error.code }, "logout: revoking the session failed");
  }
  if (fields.id_token_hint) {
    const ended = await api.oauth.endSession(fields.id_token_hint);
    if (!ended.ok)
      context.logger.warn({ status: ended.status, code: ended.error.code }, "logout: ending the client's grant failed");
  }
  clearAuth(context);

  const target = new URLSearchParams({
    post_logout_redirect_uri: fields.post_logout_redirect_uri ?? `${context.web.publicUrl}/ng/logoff`,
  });
  if (fields.client_id) target.set("client_id", fields.client_id);
  if (fields.state) target.set("state", fields.state);
  // A document redirect: /api/oauth/logout is no page of the app, and it may send the browser to another site.
  return redirectDocument(`/api/oauth/logout?${target}`, { headers: noStore });
}

export default function Logout() {
  const { fields } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <SignInLayout heading={t("oidc.logoutHeading")} exit={{ to: "/ng/", label: t("authz.stay"), reloadDocument: true }}>
      <p className="text-slate-700">{t("oidc.logoutConfirm")}</p>
      {/* The client's values travel in the body: the action's address carries no id token. */}
      <Form method="post" action="/ng/oidc/logout" reloadDocument className="mt-6">
        {Object.entries(fields).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <Button name="intent" value="logout" className="w-full">
          {t("oidc.logoutButton")}
        </Button>
      </Form>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
