import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { normaliseEmail, ResetResult } from "@server/contracts/auth-codes";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useEditClearedOutcome } from "~/components/forms/outcome";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { SignInEmailField } from "~/components/SignInEmailField";
import { Notice, SignInLayout, UnknownErrorNotice } from "~/components/SignInLayout";
import { loadForgotPasswordSchema } from "~/features/sign-in/forms";
import { forgotPasswordSchema } from "~/features/sign-in/schemas.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta } from "~/lib/settings";
import { retryAfterSeconds, waitText } from "~/lib/sign-in-errors";

type Outcome = "sent" | "sso" | "mfa" | "tooMany" | "unknown";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  const email = normaliseEmail(new URL(request.url).searchParams.get("email") ?? "").slice(0, 320);
  return { email, pageName: t("forgotPassword.pageName") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return { result: submission.reply(), outcome: null as Outcome | null, seconds: 0 };
  const result = await apiFor(context).auth.sendResetPasswordEmail(submission.value.email);
  const reply = submission.reply();
  if (result.ok) return { result: reply, outcome: "sent" as Outcome, seconds: 0 };
  const code = result.error.code;
  const outcome: Outcome =
    code === ResetResult.SsoUserCanNotResetPassword
      ? "sso"
      : code === ResetResult.MFAUserCanNotResetPassword
        ? "mfa"
        : code === ResetResult.TooManyAttempts
          ? "tooMany"
          : "unknown";
  return { result: reply, outcome, seconds: retryAfterSeconds(result.error) };
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Changing the e-mail clears the result (000 §4.4): the result is page state; the e-mail stays in its input.
  const [outcome, clearOutcome] = useEditClearedOutcome(actionData);
  const kit = useLightKitForm(loadForgotPasswordSchema, {
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    intent: "reset",
    onEdit: clearOutcome,
  });
  const sent = outcome === "sent";
  return (
    <SignInLayout
      heading={t("forgotPassword.heading")}
      exit={{
        to: "/ng/login",
        label: sent ? t("forgotPassword.signInAsAnotherUser") : t("forgotPassword.backToLogin"),
      }}
    >
      {sent ? <Notice kind="success">{t("forgotPassword.success")}</Notice> : null}
      {outcome === "sso" ? <Notice kind="error">{t("forgotPassword.ssoUser")}</Notice> : null}
      {outcome === "mfa" ? <Notice kind="error">{t("forgotPassword.mfaUser")}</Notice> : null}
      {outcome === "tooMany" ? (
        <Notice kind="error">
          {t("forgotPassword.tooManyAttempts", { wait: waitText(t, actionData?.seconds ?? 60) })}
        </Notice>
      ) : null}
      {outcome === "unknown" ? <UnknownErrorNotice /> : null}
      <p className="mb-4 text-sm text-slate-700">{t("forgotPassword.intro")}</p>
      <KitForm kit={kit}>
        <SignInEmailField field={kit.fields.email} label={t("auth.emailLabel")} />
        <SubmitButton kit={kit} disabled={sent}>
          {t("forgotPassword.submit")}
        </SubmitButton>
      </KitForm>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
