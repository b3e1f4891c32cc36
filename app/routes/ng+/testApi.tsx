import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n-react";
import { z } from "zod";
import { AppLink } from "~/components/AppLink";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Field, inputClass, linkButton } from "~/components/forms";
import { BusyFieldset, useBusy } from "~/components/Loading";
import { requireUser } from "~/lib/auth.server";
import { withFailureToasts } from "~/lib/client-actions";
import { flash, toastForApiFailure } from "~/lib/flash.server";
import { getFixedT } from "~/lib/i18next.server";
import { buildHref } from "~/lib/links";
import { pageTitle, settingsFromMatches } from "~/lib/settings";

/**
 * /ng/testApi (000 §2.3, a test page): the shared feedback and navigation parts in one place, driven by
 * tests/e2e/feedback.spec.ts. A permission check posted as a form (redirect + flashed toast + result in the query),
 * a Clear guarded by the ConfirmDialog (?confirm=clear), the same check through a fetcher (partial loading, toast),
 * an external and a legacy link. Signed-in users only.
 */
const address = z
  .string({ message: "feedback.testApi.addressRequired" })
  .trim()
  .min(1, "feedback.testApi.addressRequired")
  .max(2048, "feedback.testApi.addressTooLong");

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check"), address }),
  z.object({ intent: z.literal("checkInline"), address }),
  z.object({ intent: z.literal("clear") }),
]);

const querySchema = z.object({
  address: z.string().max(2048).optional().catch(undefined),
  result: z.enum(["Allow", "Deny"]).optional().catch(undefined),
});

const PAGE = "/ng/testApi";

type Outcome = { address: string; result: "Allow" | "Deny" };
type ActionData = { form: "check" | "inline"; result: SubmissionResult<string[]>; inline: Outcome | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await getFixedT(request);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const last: Outcome | null = query.address && query.result ? { address: query.address, result: query.result } : null;
  return { last, pageName: t("feedback.testApi.pageName") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const t = await getFixedT(request);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    const form = submission.payload.intent === "checkInline" ? "inline" : "check";
    return data<ActionData>({ form, result: submission.reply(), inline: null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "clear") {
    flash(context, { type: "warning", message: t("feedback.testApi.cleared") });
    return redirect(PAGE);
  }

  const checked = await api.permissions.check([value.address]);
  if (!checked.ok) {
    flash(context, toastForApiFailure(t, checked));
    if (value.intent === "check") return redirect(PAGE);
    return data<ActionData>({ form: "inline", result: submission.reply(), inline: null });
  }
  const entry = checked.data.permissionCheckResults.find((item) => item.request.url === value.address);
  const outcome: Outcome = { address: value.address, result: entry?.result === "Allow" ? "Allow" : "Deny" };
  flash(context, {
    type: "information",
    message: t(outcome.result === "Allow" ? "feedback.testApi.toastAllow" : "feedback.testApi.toastDeny", { address: outcome.address }),
  });
  if (value.intent === "check") return redirect(buildHref(PAGE, outcome));
  return data<ActionData>({ form: "inline", result: submission.reply(), inline: outcome });
}

/** With JavaScript: a request that gets no answer shows the network-error toast instead of an error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => withFailureToasts(() => serverAction<typeof action>());

const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400";
const secondaryClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50";

export default function TestApi() {
  const { t } = useTranslation();
  const { last } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>() as ActionData | null | undefined;
  const fetcher = useFetcher<typeof clientAction>();
  const fetcherData = fetcher.data as ActionData | null | undefined;
  const busy = useBusy(fetcher);

  const [checkForm, checkFields] = useForm({
    id: "check",
    lastResult: actionData?.form === "check" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // Without JavaScript the fetcher's form is an ordinary post, and its answer is the page's action data.
  const inlineData = fetcherData ?? (actionData?.form === "inline" ? actionData : null);
  const [inlineForm, inlineFields] = useForm({
    id: "inline",
    lastResult: inlineData?.form === "inline" ? inlineData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const errorsOf = (errors?: string[]) => errors?.map((key) => t(key));
  const checkErrors = errorsOf(checkFields.address.errors);
  const inlineErrors = errorsOf(inlineFields.address.errors);

  return (
    <main id="main" className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("feedback.testApi.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("feedback.testApi.intro")}</p>

      <section aria-labelledby="check-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="check-heading" className="text-lg font-semibold text-slate-900">
          {t("feedback.testApi.checkHeading")}
        </h2>
        <Form method="post" {...getFormProps(checkForm)} className="mt-4">
          <Field id={checkFields.address.id} label={t("feedback.testApi.addressLabel")} hint={t("feedback.testApi.addressHint")} errors={checkErrors}>
            <input
              {...getInputProps(checkFields.address, { type: "text" })}
              key={checkFields.address.key}
              defaultValue={last?.address ?? ""}
              className={inputClass}
              autoComplete="off"
              aria-describedby={`${checkFields.address.id}-hint${checkErrors?.length ? ` ${checkFields.address.id}-error` : ""}`}
            />
          </Field>
          <button type="submit" name="intent" value="check" className={buttonClass}>
            {t("feedback.testApi.check")}
          </button>
        </Form>
        {last ? (
          <p className="mt-4 text-slate-800" data-testid="last-result">
            <span className="font-medium">{t("feedback.testApi.lastResult")}: </span>
            {t("feedback.testApi.result", { address: last.address, result: last.result })}
          </p>
        ) : null}
        <div className="mt-4">
          <ConfirmDialog
            name="clear"
            trigger={t("feedback.testApi.clear")}
            triggerClassName={secondaryClass}
            title={t("feedback.testApi.clearTitle")}
            body={<p>{t("feedback.testApi.clearBody")}</p>}
            confirmLabel={t("feedback.testApi.clear")}
            form={{ action: PAGE, intent: "clear" }}
          />
        </div>
      </section>

      <section aria-labelledby="inline-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="inline-heading" className="text-lg font-semibold text-slate-900">
          {t("feedback.testApi.inlineHeading")}
        </h2>
        <fetcher.Form method="post" {...getFormProps(inlineForm)} className="mt-4">
          <BusyFieldset busy={busy} legend={t("feedback.testApi.inlineHeading")}>
            <Field id={inlineFields.address.id} label={t("feedback.testApi.addressLabel")} errors={inlineErrors}>
              <input
                {...getInputProps(inlineFields.address, { type: "text" })}
                key={inlineFields.address.key}
                className={inputClass}
                autoComplete="off"
                aria-describedby={inlineErrors?.length ? `${inlineFields.address.id}-error` : undefined}
              />
            </Field>
            <button type="submit" name="intent" value="checkInline" className={buttonClass}>
              {t("feedback.testApi.inlineCheck")}
            </button>
          </BusyFieldset>
        </fetcher.Form>
        {inlineData?.inline ? (
          <p className="mt-4 text-slate-800" data-testid="inline-result">
            {t("feedback.testApi.result", { address: inlineData.inline.address, result: inlineData.inline.result })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="links-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="links-heading" className="text-lg font-semibold text-slate-900">
          {t("feedback.testApi.linksHeading")}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5">
          <li>
            <AppLink to="https://example.org/" className={linkButton}>
              {t("feedback.testApi.externalLink")}
            </AppLink>
          </li>
          <li>
            <AppLink to="/db" query={{ studyName: "DEMO001" }} className={linkButton}>
              {t("feedback.testApi.legacyLink")}
            </AppLink>
          </li>
        </ul>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => [
  { title: pageTitle(settingsFromMatches(matches), loaderData?.pageName) },
];
