import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult } from "@server/contracts/auth-codes";
import { Button, linkButton } from "~/components/forms/Button";
import { PasswordField } from "~/components/forms/fields";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { SignInLayout } from "~/components/SignInLayout";
import { loadPasswordSchema } from "~/features/sign-in/forms";
import { passwordSchema } from "~/features/sign-in/schemas.server";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn, singleSignOnRedirect } from "~/lib/login.server";
import { readLoginProcess, writeLoginProcess } from "~/lib/session.server";
import { pageMeta } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const process = readLoginProcess(request, context);
  if (!process?.email) throw redirect("/ng/login");
  const t = await getFixedT(request);
  return { email: process.email, pageName: t("auth.signIn") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const process = readLoginProcess(request, context);
  const submission = parseSubmission(await request.formData(), { schema: passwordSchema });
  if (submission.status !== "success") return { result: submission.reply(), error: null as SignInError | null };
  if (submission.value.intent === "cancel" || !process?.email) {
    // "Sign in as another user": the process is cleared and sign-in starts again (000 §4.1 step 5).
    writeLoginProcess(context, null);
    return redirect("/ng/login");
  }
  const { password } = submission.value;
  const result = await apiFor(context).auth.login({ email: process.email, password });
  if (result.ok) return finishSignIn(context, result.data, process.continueUrl);
  if (result.error.code === LoginResult.SecurityCodeSent) {
    const attemptId = (result.error.additionalData as { attemptId?: string } | undefined)?.attemptId;
    writeLoginProcess(context, { ...process, password, attemptId });
    return redirect("/ng/login/code");
  }
  const sso = singleSignOnRedirect(result.error, process.email, process.continueUrl);
  if (sso) return sso;
  return { result: submission.reply({ resetForm: true }), error: signInError(result.error, "password") };
}

export default function LoginPassword() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kit = useLightKitForm(loadPasswordSchema, { lastResult: actionData?.result, intent: "signIn" });
  return (
    <SignInLayout heading={t("auth.heading")} error={actionData?.error}>
      <p className="mb-4 text-slate-700">
        {t("auth.loginAs")} <strong className="break-all">{email}</strong>
      </p>
      <KitForm kit={kit}>
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <PasswordField
          field={kit.fields.password}
          label={t("auth.passwordLabel")}
          autoComplete="current-password"
          required
        />
        <SubmitButton kit={kit}>{t("auth.signIn")}</SubmitButton>
      </KitForm>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post">
          <Button variant="link" name="intent" value="cancel" formNoValidate>
            {t("auth.signInAsAnotherUser")}
          </Button>
        </Form>
        <Link to={`/ng/forgotPassword?email=${encodeURIComponent(email)}`} className={linkButton}>
          {t("auth.forgotPassword")}
        </Link>
      </div>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
