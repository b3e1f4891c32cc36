import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseSubmission } from "~/lib/forms/schema";
import {
  checkboxField,
  checkValue,
  dateField,
  emailField,
  fileField,
  isIsoDate,
  message,
  messages,
  numericField,
  parseMessage,
  passwordField,
  selectField,
  textField,
  translateMessage,
} from "~/lib/validation";
import { tt } from "../support/i18n-test";

const text = (value: string) => translateMessage(value, tt);

describe("validation messages (000 §5)", () => {
  it("has the spec's texts", () => {
    expect(text(messages.required())).toBe("This field is required");
    expect(text(messages.valueRequired())).toBe("Value is required");
    expect(text(messages.email())).toBe("Value is not a valid email address");
    expect(text(messages.numeric())).toBe("Value must be numeric");
    expect(text(messages.maxLength(200))).toBe("The maximum length allowed is 200");
    expect(text(messages.minLength(11))).toBe("This field should be at least 11 characters long");
  });

  it("carries values with the key and back", () => {
    expect(message("validation.maxLength", { max: 5 })).toBe('validation.maxLength|{"max":5}');
    expect(parseMessage('validation.maxLength|{"max":5}')).toEqual({ key: "validation.maxLength", values: { max: 5 } });
    expect(parseMessage("validation.required")).toEqual({ key: "validation.required" });
  });

  it("shows a message that is no key as it is", () => {
    expect(text("The study is retired.")).toBe("The study is retired.");
    expect(text("Error: disk full")).toBe("Error: disk full");
    expect(text("a|{not json}")).toBe("a|{not json}");
  });
});

describe("checkValue", () => {
  it("asks for a value only when required", () => {
    expect(checkValue("", { required: true })).toBe(messages.required());
    expect(checkValue(null, { required: "value" })).toBe(messages.valueRequired());
    expect(checkValue("   ", { required: true, trim: true })).toBe(messages.required());
    expect(checkValue("", {})).toBeNull();
    expect(checkValue("", { email: true, minLength: 3 })).toBeNull();
  });

  it("checks the e-mail format, ignoring whitespace when told to strip it", () => {
    expect(checkValue("ann@x.example", { email: true })).toBeNull();
    expect(checkValue("ann@", { email: true })).toBe(messages.email());
    expect(checkValue(" ann @x.example ", { email: true, stripWhitespace: true })).toBeNull();
  });

  it("checks numbers and lengths", () => {
    expect(checkValue("12.5", { numeric: true })).toBeNull();
    expect(checkValue("-3", { numeric: true })).toBeNull();
    expect(checkValue("12a", { numeric: true })).toBe(messages.numeric());
    expect(checkValue("ab", { minLength: 3 })).toBe(messages.minLength(3));
    expect(checkValue("abcd", { maxLength: 3 })).toBe(messages.maxLength(3));
    expect(checkValue(" abc ", { maxLength: 3, trim: true })).toBeNull();
  });
});

describe("zod/mini fields for conform", () => {
  const schema = z.object({
    email: emailField({ required: true }),
    name: textField({ required: true, trim: true, maxLength: 5 }),
    note: textField({ minLength: 3 }),
    amount: numericField(),
  });
  const parse = (entries: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(entries)) form.append(key, value);
    return parseSubmission(form, { schema });
  };

  it("gives the spec's messages per field", () => {
    const result = parse({ email: "not-an-email", name: "", note: "ab", amount: "x" });
    expect(result.status).toBe("error");
    const errors = result.reply().error!;
    expect(errors.email).toEqual([messages.email()]);
    expect(errors.name).toEqual([messages.required()]);
    expect(errors.note).toEqual([messages.minLength(3)]);
    expect(errors.amount).toEqual([messages.numeric()]);
  });

  it("normalises valid values: whitespace out of the e-mail, the name trimmed, empty optional fields as ''", () => {
    const result = parse({ email: " ann@x. example ", name: "  Ann  " });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({ email: "ann@x.example", name: "Ann", note: "", amount: "" });
  });

  it("limits the length", () => {
    const result = parse({ email: "a@b.example", name: "Annabel" });
    expect(result.status === "error" && result.reply().error!.name).toEqual([messages.maxLength(5)]);
  });
});

describe("the other field kinds", () => {
  const schema = z.object({
    password: passwordField({ required: true, trim: true, minLength: 11, tooShort: "setNewPassword.tooShort" }),
    agree: checkboxField(),
    category: selectField(["Safety", "Geography"], { required: true }),
    due: dateField(),
    file: fileField({ required: true }),
  });
  const parse = (entries: [string, string | File][]) => {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    return parseSubmission(form, { schema });
  };
  const emptyFile = () => new File([], "", { type: "application/octet-stream" });

  it("says what is wrong with each", () => {
    const result = parse([
      ["password", "  short  "],
      ["category", "Weather"],
      ["due", "2026-02-30"],
      ["file", emptyFile()],
    ]);
    const errors = result.reply().error!;
    expect(errors.password).toEqual(["setNewPassword.tooShort"]);
    expect(errors.category).toEqual([messages.required()]);
    expect(errors.due).toEqual(["kit.invalidDate"]);
    expect(errors.file).toEqual([messages.required()]);
    expect(errors.agree).toBeUndefined();
    expect(tt("kit.invalidDate")).toBe("Please enter a valid date");
  });

  it("gives typed values: a trimmed password, a boolean, the option, the day, the file", () => {
    const file = new File(["%PDF"], "protocol.pdf", { type: "application/pdf" });
    const result = parse([
      ["password", "  long-enough-1  "],
      ["agree", "on"],
      ["category", "Safety"],
      ["due", "2026-02-28"],
      ["file", file],
    ]);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      password: "long-enough-1",
      agree: true,
      category: "Safety",
      due: "2026-02-28",
      file,
    });
    expect(
      parse([
        ["category", "Geography"],
        ["file", file],
        ["password", "long-enough-1"],
      ]).status,
    ).toBe("success");
  });

  it("knows the calendar", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("26-1-1")).toBe(false);
  });
});
