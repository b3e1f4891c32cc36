/**
 * The props a field's control and a form take from their metadata: conform's own rules (getInputProps, getFormProps…
 * of @conform-to/react 1.x), written here so that a page whose form does not need conform in the browser (ADR 0050:
 * the light engine, {@link ../useKitForm}) loads none of it. Metadata of either engine fits {@link KitField}.
 */

/** What the kit's fields read of a field's metadata (conform's FieldMetadata, or the light engine's). */
export interface KitField {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
  /** The value as last read from the form (conform's metadata; the light engine has none). */
  value?: unknown;
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
}

/** What a form's props are built from (conform's FormMetadata, or the light engine's). */
export interface KitFormMeta {
  id: string;
  errorId: string;
  errors?: string[];
  noValidate: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

interface AriaOptions {
  ariaDescribedBy?: string;
}

/** Sets `key` only when `value` is defined. */
function put(props: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) props[key] = value;
}

/** aria-invalid (a control with a message) and aria-describedby (its message, then the description), when set. */
function putAria(
  props: Record<string, unknown>,
  meta: { errors?: string[]; errorId: string },
  options: AriaOptions,
  control: boolean,
): void {
  const invalid = meta.errors !== undefined;
  const describedBy = options.ariaDescribedBy;
  if (control && invalid) props["aria-invalid"] = true;
  put(props, "aria-describedby", invalid ? `${meta.errorId} ${describedBy ?? ""}`.trim() : describedBy);
}

function controlProps(field: KitField, options: AriaOptions): Record<string, unknown> {
  const props: Record<string, unknown> = { id: field.id, name: field.name };
  put(props, "form", field.formId);
  if (field.required) props.required = true;
  putAria(props, field, options, true);
  return props;
}

export function formProps(form: KitFormMeta) {
  const props: Record<string, unknown> = { id: form.id };
  put(props, "onSubmit", form.onSubmit);
  put(props, "noValidate", form.noValidate);
  putAria(props, form, {}, false);
  return props as { id: string; onSubmit?: KitFormMeta["onSubmit"]; noValidate?: boolean };
}

const INPUT_LIMITS = ["minLength", "maxLength", "min", "max", "step", "pattern", "multiple", "accept"] as const;

export function inputProps(field: KitField, options: AriaOptions & { type: string }) {
  const props = controlProps(field, options);
  props.type = options.type;
  for (const key of INPUT_LIMITS) put(props, key, field[key]);
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = "on";
    props.defaultChecked = Array.isArray(field.initialValue)
      ? field.initialValue.includes("on")
      : field.initialValue === "on";
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  return props;
}

const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

export function selectProps(field: KitField, options: AriaOptions = {}) {
  const value = field.initialValue;
  const props = controlProps(field, options);
  put(props, "multiple", field.multiple);
  put(props, "defaultValue", Array.isArray(value) ? value.map((item) => `${item ?? ""}`) : asText(value));
  return props;
}

export function textareaProps(field: KitField, options: AriaOptions = {}) {
  const props = controlProps(field, options);
  put(props, "minLength", field.minLength);
  put(props, "maxLength", field.maxLength);
  put(props, "defaultValue", asText(field.initialValue));
  return props;
}
