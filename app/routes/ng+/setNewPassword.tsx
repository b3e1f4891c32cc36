import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MIN_PASSWORD_LENGTH, ResetResult } from "@server/contracts/auth-codes";
import { useState } from "react";
import { PasswordField } from "~/components/forms/fields";
import { KitForm, SubmitButton } from "~/components/forms/KitForm";
import { useEditClearedOutcome } from "~/components/forms/outcome";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { Notice, ReasonNotice, SignInLayout, UnknownErrorNotice } from "~/components/SignInLayout";
import { loadSetNewPasswordSchema } from "~/features/sign-in/forms";
import { setNewPasswordSchema } from "~/features/sign-in/schemas.server";
import { apiFor } from "~/lib/context.server";
import { parseSubmission } from "~/lib/forms/parse.server";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta } from "~/lib/settings";

type Outcome = "done" | "outdated" | "unknown";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await getFixedT(request);
  return {
    token: (url.searchParams.get("token") ?? "").slice(0, 256),
    userId: (url.searchParams.get("userId") ?? "").slice(0, 64),
    pageName: t("setNewPassword.pageName"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), { schema: setNewPasswordSchema });
  if (submission.status !== "success") return { result: submission.reply(), outcome: null as Outcome | null };
  const { password, confirmPassword, token, userId } = submission.value;
  const result = await apiFor(context).auth.resetPassword({ password, confirmPassword, token, userId });
  if (result.ok) return { result: submission.reply({ resetForm: true }), outcome: "done" as Outcome };
  switch (result.error.code) {
    case ResetResult.PasswordTooShort:
      return { result: submission.reply({ fieldErrors: { password: ["setNewPassword.tooShort"] } }), outcome: null };
    case ResetResult.PasswordMismatch:
      return {
        result: submission.reply({ fieldErrors: { confirmPassword: ["setNewPassword.mismatch"] } }),
        outcome: null,
      };
    case ResetResult.WrongCredentials:
      return { result: submission.reply({ resetForm: true }), outcome: "outdated" as Outcome };
    default:
      return { result: submission.reply({ resetForm: true }), outcome: "unknown" as Outcome };
  }
}

export default function SetNewPassword() {
  const { t } = useTranslation();
  const { token, userId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // One toggle shows both passwords (000 §2.5): page state, not the values (they stay in their inputs).
  const [shown, setShown] = useState(false);
  const toggle = () => setShown((value) => !value);
  // Editing either field clears the result (000 §4.4).
  const [outcome, clearOutcome] = useEditClearedOutcome(actionData);
  const kit = useLightKitForm(loadSetNewPasswordSchema, {
    lastResult: actionData?.result,
    intent: "setPassword",
    onEdit: clearOutcome,
  });
  const done = outcome === "done";
  if (!token || !userId) {
    return (
      <SignInLayout
        heading={t("setNewPassword.heading")}
        exit={{ to: "/ng/forgotPassword", label: t("auth.forgotPassword") }}
      >
        <Notice kind="error">{t("setNewPassword.missingLink")}</Notice>
      </SignInLayout>
    );
  }
  return (
    <SignInLayout
      heading={t("setNewPassword.heading")}
      exit={{ to: "/ng/login", label: done ? t("setNewPassword.signIn") : t("setNewPassword.backToLogin") }}
    >
      {done ? <Notice kind="success">{t("setNewPassword.success")}</Notice> : null}
      {outcome === "outdated" ? (
        <ReasonNotice
          intro={t("setNewPassword.outdated.intro")}
          reasons={[
            t("setNewPassword.outdated.latest"),
            t("setNewPassword.outdated.notChanged"),
            t("setNewPassword.outdated.requestNew"),
          ]}
        />
      ) : null}
      {outcome === "unknown" ? <UnknownErrorNotice /> : null}
      <KitForm kit={kit}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="userId" value={userId} />
        <PasswordField
          field={kit.fields.password}
          label={t("setNewPassword.newPassword")}
          description={t("setNewPassword.hint", { min: MIN_PASSWORD_LENGTH })}
          shown={shown}
          onToggle={toggle}
          autoComplete="new-password"
          required
        />
        <PasswordField
          field={kit.fields.confirmPassword}
          label={t("setNewPassword.repeatPassword")}
          shown={shown}
          onToggle={toggle}
          autoComplete="new-password"
          required
        />
        <SubmitButton kit={kit} disabled={done}>
          {t("setNewPassword.submit")}
        </SubmitButton>
      </KitForm>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
