import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useSettings } from "~/lib/settings";
import { AppLink } from "./AppLink";
import { CompanyLogo } from "./CompanyLogo";
import { Footer } from "./Footer";

/** The layout of the sign-in pages (000 §2.5): product logo, contact-us link, the card, the footer. */
export function SignInLayout({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="flex min-h-screen flex-col">
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
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 sm:pt-16">
        <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="mb-6 text-2xl font-semibold text-slate-900">{heading}</h1>
          {children}
        </div>
      </main>
      <div className="px-4 pb-6">
        <Footer settings={settings} />
      </div>
    </div>
  );
}

/** A message box: role=alert for errors (announced at once), role=status for news. */
export function Notice({ kind, children }: { kind: "error" | "success" | "info"; children: ReactNode }) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-900",
    success: "border-green-300 bg-green-50 text-green-900",
    info: "border-slate-300 bg-slate-50 text-slate-800",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`mb-5 rounded-md border p-4 text-sm ${styles}`}>
      {children}
    </div>
  );
}

/** An intro line followed by reasons, as the spec's sign-in errors are written (000 §8). */
export function ReasonList({ intro, reasons }: { intro: string; reasons: string[] }) {
  return (
    <>
      <p>{intro}</p>
      <ul className="mt-2 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </>
  );
}
