import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import * as z from "zod/mini";
import { AppLink } from "~/components/AppLink";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { DialogTrigger, useUrlDialog } from "~/components/dialogs/url-state";
import { Button, buttonClass, linkButton } from "~/components/forms/Button";
import { TextField } from "~/components/forms/fields";
import { useKitForm } from "~/components/forms/useKitForm";
import { BusyFieldset, useBusy } from "~/components/Loading";
import { Panel } from "~/components/widgets/Panel";
import { requireUser } from "~/lib/auth.server";
import { withFailureToasts } from "~/lib/client-actions";
import { flash, toastForApiFailure } from "~/lib/flash.server";
import { parseSubmission } from "~/lib/forms/schema";
import { useTranslation } from "~/lib/i18n-react";
import { getFixedT } from "~/lib/i18next.server";
import { buildHref } from "~/lib/links";
import { pageMeta } from "~/lib/settings";
import { textField } from "~/lib/validation";

/**
 * /ng/testApi (000 §2.3, a test page): the shared feedback and navigation parts in one place, driven by
 * tests/e2e/feedback.spec.ts. A permission check posted as a form (redirect + flashed toast + result in the query),
 * a Clear guarded by the ConfirmDialog (?dialog=clear), the same check through a fetcher (partial loading, toast),
 * an external and a legacy link. Signed-in users only.
 */
const address = textField({ trim: true }).check(
  z.refine((value) => value !== "", "feedback.testApi.addressRequired"),
  z.refine((value) => value.length <= 2048, "feedback.testApi.addressTooLong"),
);

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check"), address }),
  z.object({ intent: z.literal("checkInline"), address }),
  z.object({ intent: z.literal("clear") }),
]);

// Made in the loader: a schema built when the module loads would be part of the page's JavaScript.
const querySchema = () =>
  z.object({
    address: z.catch(z.optional(z.string().check(z.maxLength(2048))), undefined),
    result: z.catch(z.optional(z.enum(["Allow", "Deny"])), undefined),
  });

const PAGE = "/ng/testApi";

type Outcome = { address: string; result: "Allow" | "Deny" };
type ActionData = { form: "check" | "inline"; result: SubmissionResult<string[]>; inline: Outcome | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const t = await getFixedT(request);
  const query = querySchema().parse(Object.fromEntries(new URL(request.url).searchParams));
  const last: Outcome | null = query.address && query.result ? { address: query.address, result: query.result } : null;
  return { last, pageName: t("feedback.testApi.pageName") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const t = await getFixedT(request);
  const submission = parseSubmission(await request.formData(), { schema });
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
    message: t(outcome.result === "Allow" ? "feedback.testApi.toastAllow" : "feedback.testApi.toastDeny", {
      address: outcome.address,
    }),
  });
  if (value.intent === "check") return redirect(buildHref(PAGE, outcome));
  return data<ActionData>({ form: "inline", result: submission.reply(), inline: outcome });
}

/** With JavaScript: a request that gets no answer shows the network-error toast instead of an error page. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  withFailureToasts(() => serverAction<typeof action>());

export default function TestApi() {
  const { t } = useTranslation();
  const { last } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof clientAction>() as ActionData | null | undefined;
  return (
    <main id="main" className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("feedback.testApi.heading")}</h1>
      <p className="mt-2 text-slate-700">{t("feedback.testApi.intro")}</p>
      <CheckPanel last={last} actionData={actionData} />
      <InlineCheckPanel actionData={actionData} />
      <Panel id="links-heading" title={t("feedback.testApi.linksHeading")} size="lg">
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
      </Panel>
    </main>
  );
}

/** The check posted as a form (redirect, flashed toast, result in the query), and Clear behind the ConfirmDialog. */
function CheckPanel({ last, actionData }: { last: Outcome | null; actionData: ActionData | null | undefined }) {
  const { t } = useTranslation();
  const check = useKitForm(schema, {
    id: "check",
    lastResult: actionData?.form === "check" ? actionData.result : undefined,
    defaultValue: { address: last?.address ?? "" },
    intent: "check",
  });
  const clear = useUrlDialog("clear");
  return (
    <Panel id="check-heading" title={t("feedback.testApi.checkHeading")} size="lg" spacing="mt-8">
      <Form method="post" {...getFormProps(check.form)} {...check.formEvents} className="mt-4">
        <TextField
          field={check.fields.address}
          label={t("feedback.testApi.addressLabel")}
          description={t("feedback.testApi.addressHint")}
          maxLength={2048}
          autoComplete="off"
        />
        <Button name="intent" value="check" disabled={check.submitDisabled} pending={check.pending}>
          {t("feedback.testApi.check")}
        </Button>
      </Form>
      {last ? (
        <p className="mt-4 text-slate-800" data-testid="last-result">
          <span className="font-medium">{t("feedback.testApi.lastResult")}: </span>
          {t("feedback.testApi.result", { address: last.address, result: last.result })}
        </p>
      ) : null}
      <div className="mt-4">
        <DialogTrigger dialog={clear} className={buttonClass("secondary")}>
          {t("feedback.testApi.clear")}
        </DialogTrigger>
        {/* Confirm posts and redirects: the new address closes the dialog. */}
        <ConfirmDialog
          open={clear.open}
          title={t("feedback.testApi.clearTitle")}
          message={<p>{t("feedback.testApi.clearBody")}</p>}
          confirmLabel={t("feedback.testApi.clear")}
          confirm={{ action: PAGE, intent: "clear" }}
          onCancel={clear.hide}
        />
      </div>
    </Panel>
  );
}

/** The same check through a fetcher: partial loading, a toast, the result in place. */
function InlineCheckPanel({ actionData }: { actionData: ActionData | null | undefined }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof clientAction>();
  const fetcherData = fetcher.data as ActionData | null | undefined;
  const busy = useBusy(fetcher);
  // Without JavaScript the fetcher's form is an ordinary post, and its answer is the page's action data.
  const inlineData = fetcherData ?? (actionData?.form === "inline" ? actionData : null);
  const inline = useKitForm(schema, {
    id: "inline",
    lastResult: inlineData?.form === "inline" ? inlineData.result : undefined,
    intent: "checkInline",
  });
  return (
    <Panel id="inline-heading" title={t("feedback.testApi.inlineHeading")} size="lg">
      <fetcher.Form method="post" {...getFormProps(inline.form)} {...inline.formEvents} className="mt-4">
        <BusyFieldset busy={busy} legend={t("feedback.testApi.inlineHeading")}>
          <TextField
            field={inline.fields.address}
            label={t("feedback.testApi.addressLabel")}
            maxLength={2048}
            autoComplete="off"
          />
          <Button name="intent" value="checkInline" disabled={inline.hydrated && inline.valid === false}>
            {t("feedback.testApi.inlineCheck")}
          </Button>
        </BusyFieldset>
      </fetcher.Form>
      {inlineData?.inline ? (
        <p className="mt-4 text-slate-800" data-testid="inline-result">
          {t("feedback.testApi.result", { address: inlineData.inline.address, result: inlineData.inline.result })}
        </p>
      ) : null}
    </Panel>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
