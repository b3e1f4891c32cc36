import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/forms/Button";
import { useHydrated } from "~/components/forms/hydrated";
import { useTranslation } from "~/lib/i18n-react";

/** How long 'copied' shows (000 §9). */
export const COPY_CONFIRMATION_MS = 3000;

/** The fallback when the Clipboard API is missing or refuses: a hidden text area and the copy command. */
export function copyWithTextArea(text: string): boolean {
  if (typeof document === "undefined" || typeof document.execCommand !== "function") return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.setAttribute("aria-hidden", "true");
  area.tabIndex = -1;
  area.className = "fixed left-0 top-0 h-px w-px opacity-0";
  document.body.appendChild(area);
  area.focus({ preventScroll: true });
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  } finally {
    area.remove();
    previous?.focus();
  }
  return copied;
}

/** Copies a text: the Clipboard API when it exists and works, else the fallback (000 §8). True when it worked. */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, not a secure context): try the fallback
    }
  }
  return copyWithTextArea(text);
}

export interface CopyButtonProps {
  /** The text to copy. */
  text: string;
  /** The button's text ('Copy' by default), e.g. 'Copy entry id'. */
  label?: string;
  className?: string;
}

/**
 * Copy to clipboard (000 §8, §9): shows 'copied' for 3 seconds, announced politely. Copying needs JavaScript, so the
 * button only appears once the page has hydrated; the text next to it stays selectable either way.
 */
export function CopyButton({ text, label, className = "" }: CopyButtonProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      {hydrated ? (
        <Button type="button" variant="secondary" size="sm" className="font-normal" onClick={() => void onClick()}>
          {label ?? t("widgets.copy.copy")}
        </Button>
      ) : null}
      <span role="status" aria-live="polite" className="text-sm text-green-800">
        {copied ? t("widgets.copy.copied") : ""}
      </span>
    </span>
  );
}
