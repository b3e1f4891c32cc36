import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LoginResult, normaliseEmail } from "@server/contracts/auth";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { Field, inputClass, primaryButton, useHydrated, usePending, useZodForm } from "~/components/forms";
import { SignInErrorNotice } from "~/components/SignInError";
import { Notice, SignInLayout } from "~/components/SignInLayout";
import { redirectIfSignedIn } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";
import { getFixedT } from "~/lib/i18next.server";
import { finishSignIn, singleSignOnRedirect } from "~/lib/login.server";
import { safeLocalPath } from "~/lib/safe-redirect";
import { writeLoginProcess } from "~/lib/session.server";
import { pageTitle, settingsFromMatches } from "~/lib/settings";
import { signInError, type SignInError } from "~/lib/sign-in-errors";

/** /ng/login: the e-mail step (000 §2.5, §4.1). */
const schema = z.object({
  intent: z.literal("continue"),
  email: z.preprocess(
    (value) => (typeof value === "string" ? normaliseEmail(value) : value),
    z.string({ message: "validation.required" }).min(1, "validation.required").pipe(z.email("validation.email")),
  ),
  continue: z.string().optional(),
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
  const submission = parseWithZod(await request.formData(), { schema });
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
  const pending = usePending();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(loaderData.email);
  const [form, fields] = useZodForm(schema, { lastResult: actionData?.result, defaultValue: { email: loaderData.email } });
  const valid = schema.shape.email.safeParse(email).success;
  const errors = fields.email.errors?.map((key) => t(key));
  return (
    <SignInLayout heading={t("auth.heading")}>
      {loaderData.ssoFailed && !actionData ? <Notice kind="error">{t("sso.failed")}</Notice> : null}
      {actionData?.error ? <SignInErrorNotice error={actionData.error} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate={hydrated}>
        <input type="hidden" name="continue" value={loaderData.continueUrl} />
        <Field id={fields.email.id} label={t("auth.enterYourEmail")} errors={errors}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            defaultValue={undefined}
            value={email}
            onChange={(event) => setEmail(normaliseEmail(event.target.value))}
            placeholder={t("auth.emailPlaceholder")}
            autoComplete="username"
            required
            autoFocus
            className={inputClass}
            aria-describedby={errors?.length ? `${fields.email.id}-error` : undefined}
          />
        </Field>
        <button type="submit" name="intent" value="continue" className={primaryButton} disabled={hydrated && (!valid || pending)}>
          {t("auth.continue")}
        </button>
      </Form>
    </SignInLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), data?.pageName) },
];
