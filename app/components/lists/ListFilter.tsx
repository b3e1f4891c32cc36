/**
 * A filter of a list by one field's value (issue 24: the AI rows by category). Without scripts a GET form: the value
 * travels in the address (`?<name>=`) with the page's other parameters, and the page renders the matching rows. With
 * scripts the choice applies at once (`onChange`), without a round trip, and the Filter button is not shown.
 * With `postForm` (a list whose edits must survive the round trip), the filter belongs to that post form instead: its
 * button posts the edits with the intent FILTER_INTENT, and the page answers with them and the chosen value.
 */
import { buttonClass } from "~/components/forms/Button";
import { inputClass } from "~/components/forms/fields";
import { useHydrated } from "~/components/forms/hydrated";
import { useTranslation } from "~/lib/i18n-react";

/** The intent of the filter's button when it belongs to a post form. */
export const FILTER_INTENT = "filter";

export interface ListFilterProps {
  /** The query parameter. */
  name: string;
  label: string;
  /** The values to choose from; the empty value is "all". */
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** The page's other query parameters, kept in the GET form. */
  keep?: Record<string, string>;
  /** "Showing 3 of 19 rows": said when the filter changes. */
  summary: string;
  /** The id of the list's post form: the filter posts with it, so that no edit is lost without scripts. */
  postForm?: string;
}

export function ListFilter(props: ListFilterProps) {
  const { name, label, options, value, onChange, keep = {}, summary, postForm } = props;
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = `list-filter-${name}`;
  const className = "mb-4 flex flex-wrap items-end gap-3";
  const Wrapper = postForm ? "div" : "form";
  return (
    <Wrapper {...(postForm ? {} : { method: "get" })} className={className} data-testid="list-filter" role="search">
      {postForm
        ? null
        : Object.entries(keep).map(([key, kept]) => <input key={key} type="hidden" name={key} value={kept} />)}
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={id}
          name={name}
          form={postForm}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={`${inputClass} min-w-[16rem]`}
        >
          <option value="">{t("kit.filter.all")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          className={buttonClass("secondary")}
          {...(postForm ? { form: postForm, name: "intent", value: FILTER_INTENT } : {})}
        >
          {t("kit.filter.apply")}
        </button>
      )}
      <p role="status" className="pb-2 text-sm text-slate-600" data-testid="list-filter-summary">
        {summary}
      </p>
    </Wrapper>
  );
}
