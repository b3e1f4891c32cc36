import { useTranslation } from "~/lib/i18n-react";
import { EmailField, type AnyField } from "./forms/fields";

/**
 * The sign-in pages' e-mail field (000 §2.5): required, the account's username for password managers. A module of its
 * own: the pages that only share the sign-in layout (log off, log out, the start page) do not load the form kit.
 */
export function SignInEmailField({ field, label }: { field: AnyField; label: string }) {
  const { t } = useTranslation();
  return (
    <EmailField field={field} label={label} placeholder={t("auth.emailPlaceholder")} autoComplete="username" required />
  );
}
