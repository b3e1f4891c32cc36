// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { I18nWrapper, renderWithI18n, useCleanup } from "../support/i18n-test";
import { EmailInput, FileInput, PartialLoadingFieldset, PasswordInput, TextArea, TextInput } from "~/components/inputs";
import { PasswordInput as SignInPasswordInput } from "~/components/forms";
import { messages } from "~/lib/validation";

useCleanup();

/** The error shown under a field, found the way assistive technology finds it. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute("aria-invalid") !== "true") return null;
  const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id.endsWith("-error"));
  expect(ids).toHaveLength(1);
  return document.getElementById(ids[0]!)!.textContent;
}

describe("error messages (000 §5)", () => {
  it("shows 'This field is required' under a required field left empty", () => {
    renderWithI18n(<TextInput label="Title" name="title" required />);
    const field = screen.getByLabelText("Title");
    expect(errorOf(field)).toBeNull();
    fireEvent.blur(field);
    expect(errorOf(field)).toBe("This field is required");
    fireEvent.change(field, { target: { value: "x" } });
    expect(errorOf(field)).toBeNull();
  });

  it("can say 'Value is required' instead", () => {
    renderWithI18n(<TextInput label="Title" required requiredMessage="value" />);
    fireEvent.blur(screen.getByLabelText("Title"));
    expect(errorOf(screen.getByLabelText("Title"))).toBe("Value is required");
  });

  it("shows 'Value must be numeric'", () => {
    renderWithI18n(<TextInput label="Amount" numeric />);
    const field = screen.getByLabelText("Amount");
    fireEvent.change(field, { target: { value: "12x" } });
    fireEvent.blur(field);
    expect(errorOf(field)).toBe("Value must be numeric");
    expect(field.getAttribute("inputmode")).toBe("decimal");
  });

  it("shows the length messages with their numbers", () => {
    renderWithI18n(
      <>
        <TextInput label="Code" minLength={4} />
        <TextArea label="Notes" maxLength={5} defaultValue="toolong" />
      </>,
    );
    const code = screen.getByLabelText("Code");
    fireEvent.change(code, { target: { value: "ab" } });
    fireEvent.blur(code);
    expect(errorOf(code)).toBe("This field should be at least 4 characters long");
    const notes = screen.getByLabelText("Notes");
    fireEvent.blur(notes);
    expect(errorOf(notes)).toBe("The maximum length allowed is 5");
  });

  it("shows errors from outside (conform, the server) as text, before its own", () => {
    renderWithI18n(
      <>
        <TextInput label="A" errors={[messages.maxLength(10)]} />
        <TextInput label="B" errors="validation.email" />
        <TextInput label="C" errors={["The title is taken."]} />
      </>,
    );
    expect(errorOf(screen.getByLabelText("A"))).toBe("The maximum length allowed is 10");
    expect(errorOf(screen.getByLabelText("B"))).toBe("Value is not a valid email address");
    expect(errorOf(screen.getByLabelText("C"))).toBe("The title is taken.");
  });

  it("keeps a hint in aria-describedby next to the error", () => {
    renderWithI18n(<TextInput id="title" label="Title" hint="Short and clear." errors="validation.required" />);
    const field = screen.getByLabelText("Title");
    expect(field.getAttribute("aria-describedby")).toBe("title-hint title-error");
  });

  it("renders a server error without JavaScript", () => {
    const html = renderToString(
      <I18nWrapper>
        <TextInput id="title" name="title" label="Title" errors={["validation.required"]} />
      </I18nWrapper>,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('<p id="title-error" class="mt-1 text-sm text-red-700">This field is required</p>');
  });
});

describe("<EmailInput>", () => {
  it("is an e-mail input that removes all whitespace as the user types", () => {
    const onChange = vi.fn();
    renderWithI18n(<EmailInput label="Email" name="email" onChange={onChange} />);
    const field = screen.getByLabelText("Email") as HTMLInputElement;
    expect(field.type).toBe("email");
    fireEvent.change(field, { target: { value: " ann @x.example\t" } });
    expect(field.value).toBe("ann@x.example");
    expect(onChange.mock.calls[0]![0].target.value).toBe("ann@x.example");
  });

  it("checks the format, and demands a value only when required", () => {
    renderWithI18n(
      <>
        <EmailInput label="Optional" />
        <EmailInput label="Required" required />
      </>,
    );
    const optional = screen.getByLabelText("Optional");
    fireEvent.blur(optional);
    expect(errorOf(optional)).toBeNull();
    fireEvent.change(optional, { target: { value: "ann@" } });
    expect(errorOf(optional)).toBe("Value is not a valid email address");
    const required = screen.getByLabelText("Required");
    fireEvent.blur(required);
    expect(errorOf(required)).toBe("This field is required");
  });
});

describe("<PasswordInput>", () => {
  it("is hidden by default and shown with the toggle", () => {
    renderWithI18n(<PasswordInput label="Password" name="password" />);
    const field = screen.getByLabelText("Password") as HTMLInputElement;
    expect(field.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(field.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(field.type).toBe("password");
  });

  it("hides the toggle while an error shows, and is required only if marked so", () => {
    renderWithI18n(
      <>
        <PasswordInput label="Optional" />
        <PasswordInput label="Required" required />
      </>,
    );
    fireEvent.blur(screen.getByLabelText("Optional"));
    fireEvent.blur(screen.getByLabelText("Required"));
    expect(errorOf(screen.getByLabelText("Optional"))).toBeNull();
    expect(errorOf(screen.getByLabelText("Required"))).toBe("This field is required");
    expect(screen.getAllByRole("button", { name: "Show password" })).toHaveLength(1);
  });

  it("reuses the sign-in pages' password box, which keeps working", () => {
    const onToggle = vi.fn();
    renderWithI18n(<SignInPasswordInput id="p" aria-label="Secret" shown={false} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(onToggle).toHaveBeenCalledTimes(1);
  });
});

describe("<TextArea>", () => {
  it("has 3 rows by default", () => {
    renderWithI18n(
      <>
        <TextArea label="Notes" />
        <TextArea label="Long" rows={8} />
      </>,
    );
    expect((screen.getByLabelText("Notes") as HTMLTextAreaElement).rows).toBe(3);
    expect((screen.getByLabelText("Long") as HTMLTextAreaElement).rows).toBe(8);
  });

  it("trims when asked, and tells a controlled parent", () => {
    const onChange = vi.fn();
    renderWithI18n(<TextArea label="Notes" trim onChange={onChange} defaultValue="  some text  " />);
    const field = screen.getByLabelText("Notes") as HTMLTextAreaElement;
    fireEvent.blur(field);
    expect(field.value).toBe("some text");
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![0].target.value).toBe("some text");
  });

  it("does not trim otherwise", () => {
    renderWithI18n(<TextArea label="Notes" defaultValue="  x  " />);
    const field = screen.getByLabelText("Notes") as HTMLTextAreaElement;
    fireEvent.blur(field);
    expect(field.value).toBe("  x  ");
  });

  it("applies a custom rule", () => {
    renderWithI18n(<TextArea label="Lines" validate={(value) => (value.includes(";") ? null : "Each line needs a semicolon.")} />);
    const field = screen.getByLabelText("Lines");
    fireEvent.change(field, { target: { value: "title only" } });
    fireEvent.blur(field);
    expect(errorOf(field)).toBe("Each line needs a semicolon.");
    fireEvent.change(field, { target: { value: "title; details" } });
    expect(errorOf(field)).toBeNull();
  });

  it("shows a required error when empty", () => {
    renderWithI18n(<TextArea label="Notes" required trim defaultValue="   " />);
    fireEvent.blur(screen.getByLabelText("Notes"));
    expect(errorOf(screen.getByLabelText("Notes"))).toBe("This field is required");
  });
});

describe("<FileInput>", () => {
  it("accepts any file by default, or the types given", () => {
    renderWithI18n(
      <>
        <FileInput label="Any" />
        <FileInput label="Protocol" accept=".pdf,.docx" />
      </>,
    );
    expect((screen.getByLabelText("Any") as HTMLInputElement).type).toBe("file");
    expect(screen.getByLabelText("Any").hasAttribute("accept")).toBe(false);
    expect(screen.getByLabelText("Protocol").getAttribute("accept")).toBe(".pdf,.docx");
  });

  it("says 'This field is required' when required and no file is chosen", () => {
    renderWithI18n(<FileInput label="Protocol" required />);
    const field = screen.getByLabelText("Protocol");
    fireEvent.change(field, { target: { files: [] } });
    expect(errorOf(field)).toBe("This field is required");
    const file = new File(["%PDF"], "protocol.pdf", { type: "application/pdf" });
    fireEvent.change(field, { target: { files: [file] } });
    expect(errorOf(field)).toBeNull();
  });
});

describe("disabled state", () => {
  it("disables each input with its prop", () => {
    renderWithI18n(
      <>
        <TextInput label="T" disabled />
        <EmailInput label="E" disabled />
        <PasswordInput label="P" disabled />
        <TextArea label="A" disabled />
        <FileInput label="F" disabled />
      </>,
    );
    for (const label of ["T", "E", "P", "A", "F"]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    }
    expect(screen.queryByRole("button", { name: "Show password" })).toBeNull();
  });

  it("disables inputs and buttons during a partial load, with a spinner and aria-busy", () => {
    const { container, rerender } = renderWithI18n(
      <PartialLoadingFieldset busy>
        <TextInput label="Title" />
        <button type="submit">Save</button>
      </PartialLoadingFieldset>,
    );
    const fieldset = container.querySelector("fieldset")!;
    expect(fieldset.disabled).toBe(true);
    expect(fieldset.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect((screen.getByLabelText("Title") as HTMLInputElement).matches(":disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Save" }).matches(":disabled")).toBe(true);
    rerender(
      <PartialLoadingFieldset busy={false}>
        <TextInput label="Title" />
        <button type="submit">Save</button>
      </PartialLoadingFieldset>,
    );
    expect(fieldset.disabled).toBe(false);
    expect(fieldset.getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("button", { name: "Save" }).matches(":disabled")).toBe(false);
  });
});
