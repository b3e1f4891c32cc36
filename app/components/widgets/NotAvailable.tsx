import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";

/** 'not available', for a missing value (000 §8). */
export function NotAvailable({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return <span className={`italic text-slate-600 ${className}`}>{t("widgets.notAvailable")}</span>;
}

/** A value, or 'not available' when it is null, undefined or blank. */
export function ValueOrNotAvailable({ value, className }: { value: ReactNode; className?: string }) {
  const missing =
    value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");
  return missing ? <NotAvailable className={className} /> : <span className={className}>{value}</span>;
}
