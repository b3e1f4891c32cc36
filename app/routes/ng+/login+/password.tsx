import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult } from "@server/contracts/auth";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { Field, linkButton, PasswordInput, primaryButton, useHydrated, usePending, useZodForm } from "~/components/forms";
import { SignInErrorNotice } from "~/components/SignInError";
import { SignInLayout } from "~/components/SignInLayout";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn, singleSignOnRedirect } from "~/lib/login.server";
import { readLoginProcess, writeLoginProcess } from "~/lib/session.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

/** /ng/login/password: the password step (000 §2.5, §4.1). */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("signIn"), password: z.string({ message: "validation.required" }).min(1, "validation.required").max(1024) }),
  z.object({ intent: z.literal("cancel") }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const process = readLoginProcess(request, context);
  if (!process?.email) throw redirect("/ng/login");
  const t = await getFixedT(request);
  return { email: process.email, pageName: t("auth.signIn") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const process = readLoginProcess(request, context);
  const submission = parseWithZod(await request.formData(), { schema });
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
  const pending = usePending();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const [password, setPassword] = useState("");
  const [form, fields] = useZodForm(schema, { lastResult: actionData?.result });
  const errors = fields.password.errors?.map((key) => t(key));
  const showsError = !!actionData?.error;
  return (
    <SignInLayout heading={t("auth.heading")}>
      {actionData?.error ? <SignInErrorNotice error={actionData.error} /> : null}
      <p className="mb-4 text-slate-700">
        {t("auth.loginAs")} <strong className="break-all">{email}</strong>
      </p>
      <Form method="post" {...getFormProps(form)} noValidate={hydrated}>
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field id={fields.password.id} label={t("auth.passwordLabel")} errors={errors}>
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            defaultValue={undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            shown={shown}
            onToggle={() => setShown((value) => !value)}
            showToggle={!showsError}
            autoComplete="current-password"
            required
            autoFocus
            aria-describedby={errors?.length ? `${fields.password.id}-error` : undefined}
          />
        </Field>
        <button
          type="submit"
          name="intent"
          value="signIn"
          className={primaryButton}
          disabled={hydrated && (password.length === 0 || pending)}
        >
          {t("auth.signIn")}
        </button>
      </Form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post">
          <button type="submit" name="intent" value="cancel" className={linkButton} formNoValidate>
            {t("auth.signInAsAnotherUser")}
          </button>
        </Form>
        <Link to={`/ng/forgotPassword?email=${encodeURIComponent(email)}`} className={linkButton}>
          {t("auth.forgotPassword")}
        </Link>
      </div>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
