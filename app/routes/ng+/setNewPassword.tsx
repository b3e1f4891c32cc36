import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MIN_PASSWORD_LENGTH, ResetResult } from "@server/contracts/auth";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { UnknownErrorNotice } from "~/components/SignInError";
import { Field, linkButton, PasswordInput, primaryButton, useHydrated, usePending, useZodForm } from "~/components/forms";
import { Notice, ReasonList, SignInLayout } from "~/components/SignInLayout";
import { apiFor } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";

/** /ng/setNewPassword?token=…&userId=…: sets a new password from the e-mailed link (000 §2.5, §3.4, §4.4, §5). */
const schema = z
  .object({
    intent: z.literal("setPassword"),
    token: z.string().min(1).max(256),
    userId: z.string().min(1).max(64),
    password: z
      .string({ message: "validation.required" })
      .max(1024)
      .transform((value) => value.trim())
      .refine((value) => value.length >= MIN_PASSWORD_LENGTH, "setNewPassword.tooShort"),
    confirmPassword: z
      .string({ message: "validation.required" })
      .max(1024)
      .transform((value) => value.trim()),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "setNewPassword.mismatch" });

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
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), outcome: null as Outcome | null };
  }
  const { password, confirmPassword, token, userId } = submission.value;
  const result = await apiFor(context).auth.resetPassword({ password, confirmPassword, token, userId });
  if (result.ok) return { result: submission.reply({ resetForm: true }), outcome: "done" as Outcome };
  switch (result.error.code) {
    case ResetResult.PasswordTooShort:
      return { result: submission.reply({ fieldErrors: { password: ["setNewPassword.tooShort"] } }), outcome: null };
    case ResetResult.PasswordMismatch:
      return { result: submission.reply({ fieldErrors: { confirmPassword: ["setNewPassword.mismatch"] } }), outcome: null };
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
  const pending = usePending();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  // Editing either field clears the result (000 §4.4).
  const [outcome, setOutcome] = useState<Outcome | null>(actionData?.outcome ?? null);
  useEffect(() => setOutcome(actionData?.outcome ?? null), [actionData]);
  const [form, fields] = useZodForm(schema, { lastResult: actionData?.result });
  const done = outcome === "done";
  const valid = password.trim().length >= MIN_PASSWORD_LENGTH && password.trim() === confirm.trim();
  const passwordErrors = fields.password.errors?.map((key) => t(key));
  const confirmErrors = fields.confirmPassword.errors?.map((key) => t(key));
  const edit = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setOutcome(null);
  };
  if (!token || !userId) {
    return (
      <SignInLayout heading={t("setNewPassword.heading")}>
        <Notice kind="error">{t("setNewPassword.missingLink")}</Notice>
        <Link to="/ng/forgotPassword" className={linkButton}>
          {t("auth.forgotPassword")}
        </Link>
      </SignInLayout>
    );
  }
  return (
    <SignInLayout heading={t("setNewPassword.heading")}>
      {done ? <Notice kind="success">{t("setNewPassword.success")}</Notice> : null}
      {outcome === "outdated" ? (
        <Notice kind="error">
          <ReasonList
            intro={t("setNewPassword.outdated.intro")}
            reasons={[t("setNewPassword.outdated.latest"), t("setNewPassword.outdated.notChanged"), t("setNewPassword.outdated.requestNew")]}
          />
        </Notice>
      ) : null}
      {outcome === "unknown" ? <UnknownErrorNotice /> : null}
      <Form method="post" {...getFormProps(form)} noValidate={hydrated}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="userId" value={userId} />
        <Field
          id={fields.password.id}
          label={t("setNewPassword.newPassword")}
          errors={passwordErrors}
          hint={t("setNewPassword.hint", { min: MIN_PASSWORD_LENGTH })}
        >
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            defaultValue={undefined}
            value={password}
            onChange={edit(setPassword)}
            shown={shown}
            onToggle={() => setShown((value) => !value)}
            autoComplete="new-password"
            required
            aria-describedby={[`${fields.password.id}-hint`, passwordErrors?.length ? `${fields.password.id}-error` : ""].join(" ").trim()}
          />
        </Field>
        <Field id={fields.confirmPassword.id} label={t("setNewPassword.repeatPassword")} errors={confirmErrors}>
          {/* The show-password toggle is linked between the two fields (000 §2.5). */}
          <PasswordInput
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            key={fields.confirmPassword.key}
            defaultValue={undefined}
            value={confirm}
            onChange={edit(setConfirm)}
            shown={shown}
            onToggle={() => setShown((value) => !value)}
            autoComplete="new-password"
            required
            aria-describedby={confirmErrors?.length ? `${fields.confirmPassword.id}-error` : undefined}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="setPassword"
          className={primaryButton}
          disabled={done || (hydrated && (!valid || pending))}
        >
          {t("setNewPassword.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/ng/login" className={linkButton}>
          {done ? t("setNewPassword.signIn") : t("setNewPassword.backToLogin")}
        </Link>
      </p>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
