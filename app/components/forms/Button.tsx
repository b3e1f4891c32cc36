import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";
export type ButtonSize = "md" | "sm";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed";
const variants: Record<ButtonVariant, string> = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400`,
  secondary: `${base} border border-slate-300 bg-white text-brand-700 hover:bg-brand-50 disabled:text-slate-500`,
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700 disabled:bg-slate-400`,
  link: `${base} text-brand-700 underline underline-offset-2 hover:text-brand-900 disabled:text-slate-500 disabled:no-underline`,
};
const sizes: Record<ButtonSize, string> = { md: "px-4 py-2", sm: "px-2 py-0.5 text-sm" };

/** The classes of a button variant, for an anchor that looks like a button (a link that must work without scripts). */
export function buttonClass(variant: ButtonVariant = "primary", className = "", size: ButtonSize = "md"): string {
  const classes = variant === "link" ? variants.link : `${variants[variant]} ${sizes[size]}`;
  return className ? `${classes} ${className}` : classes;
}

/** The link variant's classes: a text link, or a button that reads as one. */
export const linkButton = buttonClass("link");

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** md (default) or sm, for a control beside text. */
  size?: ButtonSize;
  /** The form this button sends is under way: disabled, a spinner, aria-busy. */
  pending?: boolean;
}

/**
 * The one button of the app: primary (default), secondary, danger or link. `type` defaults to "submit", as in HTML:
 * every form is a real form post with a named intent (`name="intent" value="…"`).
 */
export const Button = /* @__PURE__ */ forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", pending = false, className = "", disabled, children, type = "submit", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      {...props}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, className, size)}
    >
      {pending ? (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          className="-ml-1 h-4 w-4 animate-spin motion-reduce:animate-none"
          data-testid="button-spinner"
        >
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
          <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        </svg>
      ) : null}
      {children}
    </button>
  );
});
