// @vitest-environment jsdom
// The form kit's light engine (ADR 0050): the same fields and behaviour as the conform engine (form-kit.test.tsx),
// with the schema and the validation runtime loaded after the first paint, and the post left to the server until then.
import type { SubmissionResult } from "@conform-to/react";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { Button } from "~/components/forms/Button";
import { EmailField, PasswordField, TextField } from "~/components/forms/fields";
import { useLightKitForm } from "~/components/forms/useLightKitForm";
import { emailField, passwordField, textField } from "~/lib/validation";
import { renderServerHtml, renderWithRouter } from "../support/i18n-test";

afterEach(() => cleanup());

const schema = z.object({
  intent: z.literal("go"),
  title: textField({ required: true, trim: true }),
  email: emailField({ required: true }),
  password: passwordField(),
});

/** A schema loader the test releases when it wants (the network, say). */
function heldSchema() {
  let release = () => {};
  const held = new Promise<typeof schema>((resolve) => {
    release = () => resolve(schema);
  });
  return { load: () => held, release: () => release() };
}
const loaded = () => Promise.resolve(schema);

function Sample({
  lastResult,
  load = loaded,
  onPost = () => {},
}: {
  lastResult?: SubmissionResult<string[]>;
  load?: () => Promise<typeof schema>;
  onPost?: () => void;
}) {
  const { form, fields, formEvents, submitDisabled } = useLightKitForm(load, {
    id: "sample",
    lastResult,
    intent: "go",
  });
  return (
    <form
      id={form.id}
      noValidate={form.noValidate}
      {...formEvents}
      onSubmit={(event) => {
        form.onSubmit(event);
        if (!event.defaultPrevented) onPost();
        event.preventDefault();
      }}
    >
      <TextField field={fields.title} label="Title" description="Short and clear." required />
      <EmailField field={fields.email} label="Email" />
      <PasswordField field={fields.password} label="Password" />
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

describe("the light engine: no conform nor zod in the first download, the same form", () => {
  it("renders the server's messages and values without scripts, wired as the conform engine wires them", async () => {
    const html = await renderServerHtml(<Sample lastResult={serverErrors} />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(">This field is required</p>");
    expect(html).toContain(">Value is not a valid email address</p>");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="ann@"/);
    expect(html).toMatch(/<input[^>]*id="sample-title"[^>]*name="title"/);
    expect(html).toMatch(/<input[^>]*aria-describedby="sample-title-error sample-title-description"/);
    expect(html).not.toMatch(/name="password"[^>]*value=/);
  });

  it("posts what the user typed before the validation runtime has loaded: the server checks it", async () => {
    const held = heldSchema();
    let posts = 0;
    renderWithRouter(<Sample load={held.load} onPost={() => posts++} />);
    const go = (await screen.findByRole("button", { name: "Go" })) as HTMLButtonElement;
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    expect(posts).toBe(1);
    await act(async () => held.release());
    await waitFor(() => expect(go.disabled).toBe(true));
  });

  it("checks what the user typed before the validation runtime had loaded when it loads: the button is never the only explanation", async () => {
    const held = heldSchema();
    renderWithRouter(<Sample load={held.load} />);
    const go = (await screen.findByRole("button", { name: "Go" })) as HTMLButtonElement;
    const email = screen.getByLabelText("Email");
    await act(async () => {
      fireEvent.change(email, { target: { value: "ann@" } });
    });
    expect(email.hasAttribute("aria-invalid")).toBe(false);
    await act(async () => held.release());
    await waitFor(() => expect(go.disabled).toBe(true));
    // As on an input once loaded: the first invalid input shows every message, beside the disabled button.
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Value is not a valid email address")).toBeTruthy();
  });

  it("once loaded, refuses an invalid post in the browser, shows every message and focuses the first field", async () => {
    let posts = 0;
    renderWithRouter(<Sample onPost={() => posts++} />);
    const go = (await screen.findByRole("button", { name: "Go" })) as HTMLButtonElement;
    await waitFor(() => expect(go.disabled).toBe(true));
    fireEvent.submit(go.form!);
    expect(posts).toBe(0);
    await waitFor(() => expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText("This field is required")).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText("Title"));
  });

  it("checks a field when it is left, then disables the button while invalid and shows every message", async () => {
    renderWithRouter(<Sample />);
    const go = (await screen.findByRole("button", { name: "Go" })) as HTMLButtonElement;
    await waitFor(() => expect(go.disabled).toBe(true));
    const title = screen.getByLabelText("Title");
    fireEvent.blur(title);
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText("Email").hasAttribute("aria-invalid")).toBe(false);
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@" } });
    });
    await waitFor(() => expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true"));
    await act(async () => {
      fireEvent.change(title, { target: { value: "A title" } });
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.org" } });
    });
    await waitFor(() => expect(go.disabled).toBe(false));
    expect(title.hasAttribute("aria-invalid")).toBe(false);
  });

  it("a reply that resets the form empties it and clears its messages", async () => {
    function Host() {
      const [reply, setReply] = useState<SubmissionResult<string[]> | undefined>(serverErrors);
      return (
        <>
          <Sample lastResult={reply} />
          <button type="button" onClick={() => setReply({ status: "success", initialValue: null })}>
            Reply
          </button>
        </>
      );
    }
    renderWithRouter(<Host />);
    const title = (await screen.findByLabelText("Title")) as HTMLInputElement;
    expect(title.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(title, { target: { value: "typed" } });
    fireEvent.click(screen.getByRole("button", { name: "Reply" }));
    await waitFor(() => expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe(""));
    expect(screen.getByLabelText("Title").hasAttribute("aria-invalid")).toBe(false);
  });
});
