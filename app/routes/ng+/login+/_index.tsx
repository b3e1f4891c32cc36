import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult, normaliseEmail } from "@server/contracts/auth-codes";
import * as z from "zod/mini";
import { Button } from "~/components/forms/Button";
import { EmailField } from "~/components/forms/fields";
import { useKitForm } from "~/components/forms/useKitForm";
import { SignInErrorNotice } from "~/components/SignInError";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/schema";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn, singleSignOnRedirect } from "~/lib/login.server";
import { safeLocalPath } from "~/lib/safe-redirect";
import { writeLoginProcess } from "~/lib/session.server";
import { pageMeta } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";
import { emailField } from "~/lib/validation";

/** /ng/login: the e-mail step (000 §2.5, §4.1). */
const schema = z.object({
  intent: z.literal("continue"),
  email: emailField({ required: true }),
  continue: z.optional(z.string().check(z.maxLength(2048))),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const continueParam = url.searchParams.get("continue");
  const t = await getFixedT(request);
  return {
    email: normaliseEmail(url.searchParams.get("email") ?? "").slice(0, 320),
    continueUrl: continueParam ? safeLocalPath(continueParam) : "",
    ssoFailed: url.searchParams.get("error") === "sso",
    pageName: t("auth.signIn"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema });
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
  const { form, fields, formEvents, submitDisabled, pending } = useKitForm(schema, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    intent: "continue",
  });
  return (
    <SignInLayout heading={t("auth.heading")}>
      {loaderData.ssoFailed && !actionData ? <Notice kind="error">{t("sso.failed")}</Notice> : null}
      {actionData?.error ? <SignInErrorNotice error={actionData.error} /> : null}
      <Form method="post" {...getFormProps(form)} {...formEvents}>
        <input type="hidden" name="continue" value={loaderData.continueUrl} />
        <EmailField
          field={fields.email}
          label={t("auth.enterYourEmail")}
          placeholder={t("auth.emailPlaceholder")}
          autoComplete="username"
          required
        />
        <Button name="intent" value="continue" className="w-full" disabled={submitDisabled} pending={pending}>
          {t("auth.continue")}
        </Button>
      </Form>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
