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

function defined<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(meta: { errors?: string[]; errorId: string }, options: AriaOptions, control: boolean) {
  const invalid = meta.errors !== undefined;
  const describedBy = options.ariaDescribedBy;
  return {
    "aria-invalid": (control && invalid) || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}

function controlProps(field: KitField, options: AriaOptions) {
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    ...aria(field, options, true),
  };
}

export function formProps(form: KitFormMeta) {
  return defined({ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...aria(form, {}, false) });
}

export function inputProps(field: KitField, options: AriaOptions & { type: string }) {
  const props: Record<string, unknown> = {
    ...controlProps(field, options),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = "on";
    props.defaultChecked = Array.isArray(field.initialValue)
      ? field.initialValue.includes("on")
      : field.initialValue === "on";
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  return defined(props);
}

const asText = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

export function selectProps(field: KitField, options: AriaOptions = {}) {
  const value = field.initialValue;
  return defined({
    ...controlProps(field, options),
    multiple: field.multiple,
    defaultValue: Array.isArray(value) ? value.map((item) => `${item ?? ""}`) : asText(value),
  });
}

export function textareaProps(field: KitField, options: AriaOptions = {}) {
  return defined({
    ...controlProps(field, options),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: asText(field.initialValue),
  });
}
