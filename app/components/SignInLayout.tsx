import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useSettings } from "~/lib/settings";
import { waitText, type SignInError } from "~/lib/sign-in-errors";
import { AppLink } from "./AppLink";
import { CompanyLogo } from "./CompanyLogo";
import { Footer } from "./Footer";
import { linkButton } from "./forms/Button";
import { PageNotice } from "./widgets/ResultAlert";

/**
 * A page of one card with the footer under it, outside the shell: the sign-in pages (narrow, near the top) and the
 * signed-in start page without a company (wide, centred).
 */
export function CardPage({
  header,
  wide = false,
  children,
}: {
  header?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const settings = useSettings();
  return (
    <div className="flex min-h-screen flex-col">
      {header}
      <main
        id="main"
        className={`flex flex-1 justify-center ${wide ? "items-center p-6" : "items-start px-4 pt-8 sm:pt-16"}`}
      >
        <div
          className={`w-full rounded-lg border border-slate-200 bg-white shadow-sm ${wide ? "max-w-2xl p-10" : "max-w-md p-8"}`}
        >
          {children}
        </div>
      </main>
      <div className="px-4 pb-6">
        <Footer settings={settings} />
      </div>
    </div>
  );
}

/**
 * The layout of the sign-in pages (000 §2.5): product logo, contact-us link, the card with its heading, the footer.
 * `error` is the failed step's message (000 §8), shown first in the card; `exit` the link that leaves the step, last.
 */
export function SignInLayout({
  heading,
  error,
  exit,
  children,
}: {
  heading: string;
  error?: SignInError | null;
  /** The way out of this step: back to sign-in, home… A whole-document load when `reloadDocument`. */
  exit?: { to: string; label: string; reloadDocument?: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const header = (
    <header className="flex items-center justify-between px-6 py-4">
      <CompanyLogo className="h-10 w-auto" />
      {settings?.contactUsUrl ? (
        <AppLink
          to={settings.contactUsUrl}
          newTab
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {t("auth.contactUs")}
        </AppLink>
      ) : null}
    </header>
  );
  return (
    <CardPage header={header}>
      <h1 className="mb-6 text-2xl font-semibold text-slate-900">{heading}</h1>
      {error ? <SignInErrorNotice error={error} /> : null}
      {children}
      {exit ? (
        <p className="mt-6 text-sm">
          <Link to={exit.to} reloadDocument={exit.reloadDocument} className={linkButton}>
            {exit.label}
          </Link>
        </p>
      ) : null}
    </CardPage>
  );
}

/** A message box: role=alert for errors (announced at once), role=status for news. */
export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <PageNotice
      type={kind === "error" ? "danger" : kind === "info" ? "neutral" : "success"}
      role={kind === "error" ? "alert" : "status"}
      as="div"
      className="mb-5 text-sm"
    >
      {children}
    </PageNotice>
  );
}

/** An error as the spec's sign-in errors are written (000 §8): an intro line, then the reasons in a list. */
export function ReasonNotice({ intro, reasons }: { intro: string; reasons: string[] }) {
  return (
    <Notice kind="error">
      <p>{intro}</p>
      <ul className="mt-2 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </Notice>
  );
}

/** The locale keys of the errors written as an intro and reasons (000 §8). */
const REASONED = {
  wrongCredentials: ["auth.wrongCredentials.intro", "auth.wrongCredentials.email", "auth.wrongCredentials.case"],
  wrongCode: ["auth.wrongCode.intro", "auth.wrongCode.email", "auth.wrongCode.expired", "auth.wrongCode.typed"],
  unknown: ["auth.unknownError.intro", "auth.unknownError.servers", "auth.unknownError.connection"],
} as const;

function Reasoned({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation();
  const [intro, ...reasons] = keys.map((key) => t(key));
  return <ReasonNotice intro={intro!} reasons={reasons} />;
}

/** The texts of 000 §8 for a failed sign-in step. */
export function SignInErrorNotice({ error }: { error: SignInError }) {
  const { t } = useTranslation();
  const settings = useSettings();
  switch (error.kind) {
    case "wrongCredentials":
    case "wrongCode":
      return <Reasoned keys={REASONED[error.kind]} />;
    case "denied":
      return <Notice kind="error">{t("auth.denied", { provider: settings?.productName ?? "" })}</Notice>;
    case "tooManyAttempts":
      return <Notice kind="error">{t("auth.tooManyAttempts", { wait: waitText(t, error.seconds) })}</Notice>;
    default:
      return <UnknownErrorNotice />;
  }
}

/** "There was an error signing you in…" with its two reasons (000 §8), for every failure without a text of its own. */
export function UnknownErrorNotice() {
  return <Reasoned keys={REASONED.unknown} />;
}
