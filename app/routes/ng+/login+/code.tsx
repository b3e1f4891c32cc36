import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult, SECURITY_CODE_TTL_SECONDS } from "@server/contracts/auth";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { Field, inputClass, linkButton, primaryButton, useHydrated, usePending, useZodForm } from "~/components/forms";
import { SignInErrorNotice } from "~/components/SignInError";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn } from "~/lib/login.server";
import { readLoginProcess, writeLoginProcess } from "~/lib/session.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

/** /ng/login/code: the e-mailed verification code (000 §2.5, §4.1 steps 3–5). */
const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("signIn"),
    code: z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/\s+/g, "") : value),
      z.string({ message: "validation.required" }).min(1, "validation.required").max(64),
    ),
  }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("cancel") }),
]);

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
  const submission = parseWithZod(await request.formData(), { schema });
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
  const pending = usePending();
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const [form, fields] = useZodForm(schema, { lastResult: actionData?.result });
  const errors = fields.code.errors?.map((key) => t(key));
  return (
    <SignInLayout heading={t("auth.codeHeading")}>
      {actionData?.error ? <SignInErrorNotice error={actionData.error} /> : null}
      {actionData?.resent === "ok" ? <Notice kind="success">{t("auth.resendSuccess")}</Notice> : null}
      {actionData?.resent === "failed" ? <Notice kind="error">{t("auth.resendFailed")}</Notice> : null}
      <p className="mb-2 text-slate-700">
        {t("auth.logInAs")} <strong className="break-all">{email}</strong>
      </p>
      <p className="mb-4 text-sm text-slate-700">{t("auth.codeInstructions", { minutes: SECURITY_CODE_TTL_SECONDS / 60 })}</p>
      <Form method="post" {...getFormProps(form)} noValidate={hydrated}>
        <Field id={fields.code.id} label={t("auth.codeLabel")} errors={errors}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            defaultValue={undefined}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
            className={inputClass}
            aria-describedby={errors?.length ? `${fields.code.id}-error` : undefined}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="signIn"
          className={primaryButton}
          disabled={hydrated && (code.trim().length === 0 || pending)}
        >
          {t("auth.signIn")}
        </button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post">
          <button type="submit" name="intent" value="resend" className={linkButton} disabled={hydrated && pending}>
            {t("auth.resendCode")}
          </button>
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="cancel" className={linkButton}>
            {t("auth.backToLogin")}
          </button>
        </Form>
      </div>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
