import type { ReactNode } from "react";
import { isPlainClick, type useUrlDialog } from "~/components/dialogs/url-state";
import { buttonClass } from "~/components/forms/Button";
import { useTranslation } from "~/lib/i18n-react";

/** The kit's input look (app/components/forms/fields.tsx), without the form runtime: nothing here is submitted. */
export const CDQ_INPUT_CLASS =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100";

/** A link back to this page without the dialog: the same in both modes, and with scripts it just closes. */
export function CloseLink({
  dialog,
  label,
  variant,
}: {
  dialog: ReturnType<typeof useUrlDialog>;
  label: string;
  variant: "primary" | "secondary";
}) {
  return (
    <a
      href={dialog.closeHref}
      className={buttonClass(variant)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        dialog.hide();
      }}
    >
      {label}
    </a>
  );
}

/** A labelled control of the status form. */
export function StatusField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A choice of the status form, with its "choose" option first. */
export function StatusSelect({
  id,
  options,
  defaultValue,
}: {
  id: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
}) {
  const { t } = useTranslation();
  return (
    <select id={id} defaultValue={defaultValue} className={CDQ_INPUT_CLASS}>
      <option value="">{t("cdq.statusForm.choose")}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
