import { useTranslation } from "~/lib/i18n-react";

function SpinnerIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className="h-5 w-5 animate-spin text-brand-600 motion-reduce:animate-none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export interface SpinnerProps {
  /** The name for assistive technology; 'Loading' by default. */
  label?: string;
  /** Only the picture, hidden from assistive technology, for a control that already says it is loading. */
  decorative?: boolean;
  className?: string;
}

/** A spinning indicator named 'Loading' (a status); it stops spinning when the user asks for reduced motion. */
export function Spinner({ label, decorative = false, className = "" }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative) {
    return (
      <span aria-hidden="true" className={`inline-flex items-center ${className}`}>
        <SpinnerIcon />
      </span>
    );
  }
  const name = label ?? t("common.loading");
  return (
    <span role="status" aria-label={name} className={`inline-flex items-center ${className}`} data-testid="spinner">
      <SpinnerIcon />
      <span className="sr-only">{name}</span>
    </span>
  );
}
