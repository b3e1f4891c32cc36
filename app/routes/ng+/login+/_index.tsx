import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult, normaliseEmail } from "@server/contracts/auth-codes";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { SignInEmailField } from "~/components/SignInEmailField";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { loadLoginSchema } from "~/features/sign-in/forms";
import { loginSchema } from "~/features/sign-in/schemas.server";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn, singleSignOnRedirect } from "~/lib/login.server";
import { safeLocalPath } from "~/lib/safe-redirect";
import { writeLoginProcess } from "~/lib/session.server";
import { pageMeta } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

const ssoOutcome = (error: string | null) => (error === "sso" || error === "unavailable" ? error : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const continueParam = url.searchParams.get("continue");
  const t = await getFixedT(request);
  return {
    email: normaliseEmail(url.searchParams.get("email") ?? "").slice(0, 320),
    continueUrl: continueParam ? safeLocalPath(continueParam) : "",
    // Where a single sign-on came back from: it failed, or the service could not reach its data to finish it.
    ssoOutcome: ssoOutcome(url.searchParams.get("error")),
    pageName: t("auth.signIn"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return { result: submission.reply(), error: null as SignInError | null };
  const { email } = submission.value;
  const continueUrl = submission.value.continue ? safeLocalPath(submission.value.continue) : undefined;
  const result = await apiFor(context).auth.login({ email });
  if (result.ok) return finishSignIn(context, result.data, continueUrl);
  const sso = singleSignOnRedirect(result.error, email, continueUrl);
  if (sso) return sso;
  if (result.error.code === LoginResult.WrongCredentials) {
    // "Ask for the password": the answer for every address that is not single sign-on, known or not.
    writeLoginProcess(context, { email, continueUrl });
    return redirect("/ng/login/password");
  }
  return { result: submission.reply(), error: signInError(result.error, "email") };
}

export default function Login() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kit = useLightKitForm(loadLoginSchema, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    intent: "continue",
  });
  return (
    <SignInLayout heading={t("auth.heading")} error={actionData?.error}>
      {loaderData.ssoOutcome && !actionData ? (
        <Notice kind="error">
          {loaderData.ssoOutcome === "unavailable" ? t("errors.unavailableMessage") : t("sso.failed")}
        </Notice>
      ) : null}
      <KitForm kit={kit}>
        <input type="hidden" name="continue" value={loaderData.continueUrl} />
        <SignInEmailField field={kit.fields.email} label={t("auth.enterYourEmail")} />
        <SubmitButton kit={kit}>{t("auth.continue")}</SubmitButton>
      </KitForm>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
