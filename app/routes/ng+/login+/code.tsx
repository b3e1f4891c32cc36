import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult, SECURITY_CODE_TTL_SECONDS } from "@server/contracts/auth-codes";
import { Button } from "~/components/forms/Button";
import { TextField } from "~/components/forms/fields";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { loadCodeSchema } from "~/features/sign-in/forms";
import { codeSchema } from "~/features/sign-in/schemas.server";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn } from "~/lib/login.server";
import { MAX_LENGTH } from "~/lib/messages";
import { readLoginProcess, writeLoginProcess } from "~/lib/session.server";
import { pageMeta } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const process = readLoginProcess(request, context);
  if (!process?.email || !process.password) throw redirect("/ng/login");
  const t = await getFixedT(request);
  return { email: process.email, pageName: t("auth.codeHeading") };
}

type Outcome = { error: SignInError | null; resent: "ok" | "failed" | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const process = readLoginProcess(request, context);
  const submission = parseSubmission(await request.formData(), { schema: codeSchema });
  const none: Outcome = { error: null, resent: null };
  if (submission.status !== "success") return { result: submission.reply(), ...none };
  if (submission.value.intent === "cancel" || !process?.email || !process.password) {
    writeLoginProcess(context, null);
    return redirect("/ng/login");
  }
  const api = apiFor(context);
  if (submission.value.intent === "resend") {
    // Resend repeats the password login; code-sent again means success (000 §4.1 step 4).
    const result = await api.auth.login({ email: process.email, password: process.password });
    if (!result.ok && result.error.code === LoginResult.SecurityCodeSent) {
      const attemptId = (result.error.additionalData as { attemptId?: string } | undefined)?.attemptId;
      writeLoginProcess(context, { ...process, attemptId });
      return { result: submission.reply({ resetForm: true }), error: null, resent: "ok" as const };
    }
    if (result.ok) return finishSignIn(context, result.data, process.continueUrl);
    return { result: submission.reply(), error: null, resent: "failed" as const };
  }
  const result = await api.auth.login({
    email: process.email,
    password: process.password,
    securityCode: submission.value.code,
    attemptId: process.attemptId,
  });
  if (result.ok) return finishSignIn(context, result.data, process.continueUrl);
  return { result: submission.reply({ resetForm: true }), error: signInError(result.error, "code"), resent: null };
}

export default function LoginCode() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kit = useLightKitForm(loadCodeSchema, { lastResult: actionData?.result, intent: "signIn" });
  return (
    <SignInLayout heading={t("auth.codeHeading")} error={actionData?.error}>
      {actionData?.resent === "ok" ? <Notice kind="success">{t("auth.resendSuccess")}</Notice> : null}
      {actionData?.resent === "failed" ? <Notice kind="error">{t("auth.resendFailed")}</Notice> : null}
      <p className="mb-2 text-slate-700">
        {t("auth.logInAs")} <strong className="break-all">{email}</strong>
      </p>
      <p className="mb-4 text-sm text-slate-700">
        {t("auth.codeInstructions", { minutes: SECURITY_CODE_TTL_SECONDS / 60 })}
      </p>
      <KitForm kit={kit}>
        <TextField
          field={kit.fields.code}
          label={t("auth.codeLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MAX_LENGTH.code}
          required
        />
        <SubmitButton kit={kit}>{t("auth.signIn")}</SubmitButton>
      </KitForm>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post">
          <Button variant="link" name="intent" value="resend" disabled={kit.pending}>
            {t("auth.resendCode")}
          </Button>
        </Form>
        <Form method="post">
          <Button variant="link" name="intent" value="cancel">
            {t("auth.backToLogin")}
          </Button>
        </Form>
      </div>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
