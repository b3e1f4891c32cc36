// @vitest-environment jsdom
import type { SubmissionResult } from "@conform-to/react";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { ConfirmDialog } from "~/components/dialogs/ConfirmDialog";
import { Dialog } from "~/components/dialogs/Dialog";
import { Button } from "~/components/forms/Button";
import {
  CheckboxField,
  EmailField,
  PasswordField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/forms/fields";
import { useKitForm } from "~/components/forms/useKitForm";
import { emailField, passwordField, selectField, textField } from "~/lib/validation";
import { renderServerHtml, renderWithRouter } from "../support/i18n-test";

afterEach(() => cleanup());

// jsdom has <dialog> but not its modal methods: the browser's behaviour, as far as these tests need it.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal(): void; close(): void };
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
    this.dataset.modal = "true";
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    delete this.dataset.modal;
    this.dispatchEvent(new Event("close"));
  };
});

const schema = z.object({
  intent: z.literal("go"),
  title: textField({ required: true, trim: true }),
  email: emailField({ required: true }),
  password: passwordField(),
  notes: textField({ trim: true }),
  category: selectField(["Safety", "Geography"]),
  agree: z.optional(z.string()),
});

function Sample({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { form, fields, formEvents, submitDisabled } = useKitForm(schema, { id: "sample", lastResult, intent: "go" });
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate={form.noValidate} {...formEvents}>
      <TextField field={fields.title} label="Title" description="Short and clear." required />
      <EmailField field={fields.email} label="Email" />
      <PasswordField field={fields.password} label="Password" />
      <TextareaField field={fields.notes} label="Notes" trim />
      <SelectField
        field={fields.category}
        label="Category"
        placeholder="Choose"
        options={[{ value: "Safety", label: "Safety" }]}
      />
      <CheckboxField field={fields.agree} label="Agree" />
      <Button name="intent" value="go" disabled={submitDisabled}>
        Go
      </Button>
    </form>
  );
}

const serverErrors: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { title: "", email: "ann@" },
  error: { title: ["validation.required"], email: ["validation.email"] },
  fields: ["title", "email"],
};

describe("one field is one element: label, control, description, message, wired once", () => {
  it("labels each control and describes it by its description and, when there is one, its message", async () => {
    renderWithRouter(<Sample lastResult={serverErrors} />);
    const title = await screen.findByLabelText("Title");
    expect(title.getAttribute("aria-invalid")).toBe("true");
    const describedBy = title.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.map((id) => document.getElementById(id)!.textContent)).toEqual([
      "This field is required",
      "Short and clear.",
    ]);
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBe(
      `${screen.getByLabelText("Email").id}-error`,
    );
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    // A field without a message has no aria-invalid, and only its description.
    const notes = screen.getByLabelText("Notes");
    expect(notes.hasAttribute("aria-invalid")).toBe(false);
    expect(notes.hasAttribute("aria-describedby")).toBe(false);
    expect((notes as HTMLTextAreaElement).rows).toBe(3);
  });

  it("renders the server's messages without scripts, values in the inputs and a sensible maxlength", async () => {
    const html = await renderServerHtml(<Sample lastResult={serverErrors} />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(">This field is required</p>");
    expect(html).toContain(">Value is not a valid email address</p>");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="ann@"/);
    expect(html).toMatch(/<input[^>]*name="title"[^>]*maxLength="200"/);
    // No toggle before the scripts run: it could not work.
    expect(html).not.toContain("Show password");
  });

  it("keeps no copy of a value: the input holds it, also what was typed before the scripts ran", async () => {
    const html = await renderServerHtml(<Sample />);
    expect(html).not.toMatch(/name="title"[^>]*value=/);
    renderWithRouter(<Sample />);
    const title = (await screen.findByLabelText("Title")) as HTMLInputElement;
    fireEvent.input(title, { target: { value: "typed" } });
    expect(title.value).toBe("typed");
  });

  it("strips all whitespace from an e-mail as it is typed (000 §5)", async () => {
    renderWithRouter(<Sample />);
    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    fireEvent.change(email, { target: { value: " ann @x.example\t" } });
    expect(email.value).toBe("ann@x.example");
  });

  it("trims a text area when it is left, when asked", async () => {
    renderWithRouter(<Sample />);
    const notes = (await screen.findByLabelText("Notes")) as HTMLTextAreaElement;
    fireEvent.change(notes, { target: { value: "  some text  " } });
    fireEvent.blur(notes);
    expect(notes.value).toBe("some text");
  });

  it("shows the password toggle once the scripts run, and hides it while a message shows (000 §2.5)", async () => {
    renderWithRouter(<Sample />);
    const password = (await screen.findByLabelText("Password")) as HTMLInputElement;
    expect(password.type).toBe("password");
    fireEvent.click(await screen.findByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });

  it("disables the submit button while invalid, and then shows every message: never the only explanation", async () => {
    renderWithRouter(<Sample />);
    const go = await screen.findByRole("button", { name: "Go" });
    await waitFor(() => expect((go as HTMLButtonElement).disabled).toBe(true));
    expect(screen.queryByText("This field is required")).toBeNull();
    const email = screen.getByLabelText("Email");
    await act(async () => {
      fireEvent.change(email, { target: { value: "ann@" } });
    });
    await waitFor(() => expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Title"), { target: { value: "A title" } });
      fireEvent.change(email, { target: { value: "ann@example.org" } });
    });
    await waitFor(() => expect((go as HTMLButtonElement).disabled).toBe(false));
  });
});

describe("<Button>", () => {
  it("is a submit button by default, with variants, and says when it is busy", () => {
    renderWithRouter(
      <>
        <Button name="intent" value="save">
          Save
        </Button>
        <Button variant="danger" pending>
          Delete
        </Button>
        <Button type="button" variant="link">
          More
        </Button>
      </>,
    );
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.type).toBe("submit");
    expect(save.className).toContain("bg-brand-600");
    const busy = screen.getByRole("button", { name: "Delete" }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    expect(busy.className).toContain("bg-red-700");
    expect(busy.querySelector("[data-testid=button-spinner]")).not.toBeNull();
    expect((screen.getByRole("button", { name: "More" }) as HTMLButtonElement).className).toContain("underline");
  });
});

describe("<Dialog> and <ConfirmDialog>", () => {
  function Host({ dismissible = false, onConfirm = () => {} }: { dismissible?: boolean; onConfirm?: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <ConfirmDialog
          open={open}
          title="Clear the result"
          message={<p>Sure?</p>}
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
          dismissible={dismissible}
        />
      </>
    );
  }

  it("is rendered open by the server when asked, named by its title and described by its message", async () => {
    const html = await renderServerHtml(<Dialog open title="A dialog" description="Opened from the address." />);
    expect(html).toMatch(/<dialog open=""[^>]*aria-labelledby="([^"]+)"/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).toContain("Opened from the address.");
    expect(await renderServerHtml(<Dialog open={false} title="Hidden" />)).not.toContain("Hidden");
  });

  it("opens as a modal dialog with the focus on Cancel, stays on Escape (static, 000 §9), and gives the focus back", async () => {
    renderWithRouter(<Host />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Clear the result" });
    await waitFor(() => expect(dialog.dataset.modal).toBe("true"));
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Cancel" }));
    const cancel = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog.hasAttribute("open")).toBe(true);
    fireEvent.click(dialog);
    expect(dialog.hasAttribute("open")).toBe(true);
    fireEvent.click(screen.getByRole("link", { name: "Cancel" }));
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    expect(document.activeElement).toBe(opener);
  });

  it("when dismissible, Escape and a click on the backdrop cancel it", async () => {
    renderWithRouter(<Host dismissible />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog");
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(true));
    fireEvent.click(dialog);
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
  });

  it("Confirm without a post or link calls onConfirm", async () => {
    const confirmed = vi.fn();
    renderWithRouter(<Host onConfirm={confirmed} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(confirmed).toHaveBeenCalledTimes(1);
  });
});
