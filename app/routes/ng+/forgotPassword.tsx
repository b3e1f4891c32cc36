import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { normaliseEmail, ResetResult } from "@server/contracts/auth";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { UnknownErrorNotice } from "~/components/SignInError";
import { Field, inputClass, linkButton, primaryButton, useHydrated, usePending, useZodForm } from "~/components/forms";
import { Notice, ReasonList, SignInLayout } from "~/components/SignInLayout";
import { apiFor } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { retryAfterSeconds, waitText } from "~/lib/sign-in-errors";

/** /ng/forgotPassword: asks for a password-reset e-mail (000 §2.5, §4.4). */
const schema = z.object({
  intent: z.literal("reset"),
  email: z.preprocess(
    (value) => (typeof value === "string" ? normaliseEmail(value) : value),
    z.string({ message: "validation.required" }).min(1, "validation.required").pipe(z.email("validation.email")),
  ),
});

type Outcome = "sent" | "sso" | "mfa" | "tooMany" | "unknown";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getFixedT(request);
  const email = normaliseEmail(new URL(request.url).searchParams.get("email") ?? "").slice(0, 320);
  return { email, pageName: t("forgotPassword.pageName") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return { result: submission.reply(), outcome: null as Outcome | null, seconds: 0 };
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
  const pending = usePending();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(loaderData.email);
  // Changing the e-mail clears the result (000 §4.4).
  const [outcome, setOutcome] = useState<Outcome | null>(actionData?.outcome ?? null);
  useEffect(() => setOutcome(actionData?.outcome ?? null), [actionData]);
  const [form, fields] = useZodForm(schema, { lastResult: actionData?.result, defaultValue: { email: loaderData.email } });
  const valid = schema.shape.email.safeParse(email).success;
  const sent = outcome === "sent";
  const errors = fields.email.errors?.map((key) => t(key));
  return (
    <SignInLayout heading={t("forgotPassword.heading")}>
      {sent ? <Notice kind="success">{t("forgotPassword.success")}</Notice> : null}
      {outcome === "sso" ? <Notice kind="error">{t("forgotPassword.ssoUser")}</Notice> : null}
      {outcome === "mfa" ? <Notice kind="error">{t("forgotPassword.mfaUser")}</Notice> : null}
      {outcome === "tooMany" ? <Notice kind="error">{t("forgotPassword.tooManyAttempts", { wait: waitText(t, actionData?.seconds ?? 60) })}</Notice> : null}
      {outcome === "unknown" ? <UnknownErrorNotice /> : null}
      <p className="mb-4 text-sm text-slate-700">{t("forgotPassword.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate={hydrated}>
        <Field id={fields.email.id} label={t("auth.emailLabel")} errors={errors}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            defaultValue={undefined}
            value={email}
            onChange={(event) => {
              setEmail(normaliseEmail(event.target.value));
              setOutcome(null);
            }}
            placeholder={t("auth.emailPlaceholder")}
            autoComplete="username"
            required
            autoFocus
            className={inputClass}
            aria-describedby={errors?.length ? `${fields.email.id}-error` : undefined}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="reset"
          className={primaryButton}
          disabled={sent || (hydrated && (!valid || pending))}
        >
          {t("forgotPassword.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/ng/login" className={linkButton}>
          {sent ? t("forgotPassword.signInAsAnotherUser") : t("forgotPassword.backToLogin")}
        </Link>
      </p>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
