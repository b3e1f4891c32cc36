// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ActorDisplay, RequesterDisplay } from "~/components/widgets/ActorDisplay";
import { Collapsible } from "~/components/widgets/Collapsible";
import { COPY_CONFIRMATION_MS, CopyButton } from "~/components/widgets/CopyButton";
import { EntityDisplay } from "~/components/widgets/EntityDisplay";
import { LoadMoreButton } from "~/components/widgets/LoadMoreButton";
import { ValueOrNotAvailable } from "~/components/widgets/NotAvailable";
import { ReferenceDisplay } from "~/components/widgets/ReferenceDisplay";
import { alertContent, ResultAlert } from "~/components/widgets/ResultAlert";
import { Spinner } from "~/components/widgets/Spinner";
import { Timestamp } from "~/components/widgets/Timestamp";
import { YamlView } from "~/components/widgets/YamlView";
import { jsonToYaml } from "~/lib/yaml";
import {
  I18nWrapper,
  renderServerHtml,
  renderWithI18n,
  renderWithRouter,
  cleanupAfterEach,
} from "../support/i18n-test";

cleanupAfterEach();

describe("<Timestamp>", () => {
  it("renders a <time> with the ISO instant and the UTC text", () => {
    const { container } = renderWithI18n(<Timestamp value="2026-11-21T08:09:10Z" />);
    const time = container.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2026-11-21T08:09:10.000Z");
    expect(time.textContent).toBe("Nov 21, 2026 08:09:10 UTC");
  });

  it("renders the date and time formats, with or without the suffix", () => {
    renderWithI18n(
      <>
        <Timestamp value="2026-11-21T08:09:10Z" format="date" />
        <Timestamp value="2026-11-21T08:09:10Z" format="time" utcSuffix={false} />
      </>,
    );
    expect(screen.getByText("Nov 21, 2026 UTC")).toBeTruthy();
    expect(screen.getByText("08:09:10")).toBeTruthy();
  });

  it("shows N/A without a <time> for a missing or invalid value", () => {
    const { container } = renderWithI18n(
      <>
        <Timestamp value={null} />
        <Timestamp value="garbage" />
      </>,
    );
    expect(screen.getAllByText("N/A")).toHaveLength(2);
    expect(container.querySelector("time")).toBeNull();
  });
});

describe("<CopyButton>", () => {
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    if (originalClipboard) Object.defineProperty(navigator, "clipboard", originalClipboard);
    else delete (navigator as { clipboard?: unknown }).clipboard;
    delete (document as { execCommand?: unknown }).execCommand;
  });

  const setClipboard = (value: unknown) => Object.defineProperty(navigator, "clipboard", { value, configurable: true });

  it("copies with the Clipboard API and shows 'copied' for 3000 ms, politely announced", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    renderWithI18n(<CopyButton text="5f1b2c3d4e5f60718293a4b5" />);
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(writeText).toHaveBeenCalledWith("5f1b2c3d4e5f60718293a4b5");
    expect(status.textContent).toBe("copied");
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(status.textContent).toBe("copied");
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe("");
    expect(COPY_CONFIRMATION_MS).toBe(3000);
  });

  it("falls back to a hidden text area and the copy command when the Clipboard API is missing", async () => {
    setClipboard(undefined);
    let copiedText: string | null = null;
    const execCommand = vi.fn((command: string) => {
      // The command copies the selection: the whole text, in a text area that has the focus.
      const area = document.querySelector("textarea")!;
      expect(document.activeElement).toBe(area);
      copiedText = area.value.slice(area.selectionStart, area.selectionEnd);
      return command === "copy";
    });
    Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
    renderWithI18n(<CopyButton text="ABC-123" label="Copy entry id" />);
    const button = screen.getByRole("button", { name: "Copy entry id" });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(copiedText).toBe("ABC-123");
    expect(document.querySelector("textarea")).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(screen.getByRole("status").textContent).toBe("copied");
  });

  it("falls back when the Clipboard API refuses", async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error("NotAllowedError")) });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true });
    renderWithI18n(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(execCommand).toHaveBeenCalledWith("copy");
    expect(screen.getByRole("status").textContent).toBe("copied");
  });

  it("does not say 'copied' when nothing could be copied", async () => {
    setClipboard(undefined);
    Object.defineProperty(document, "execCommand", { value: vi.fn(() => false), configurable: true });
    renderWithI18n(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("has no button without JavaScript (it could not work)", () => {
    const html = renderToString(
      <I18nWrapper>
        <CopyButton text="x" />
      </I18nWrapper>,
    );
    expect(html).not.toContain("<button");
    expect(html).toContain('role="status"');
  });
});

describe("YAML view", () => {
  it("shows 'No data' for no text", () => {
    for (const json of [null, undefined, "", "   ", "null"]) expect(jsonToYaml(json)).toEqual({ kind: "empty" });
    renderWithI18n(<YamlView json={null} />);
    expect(screen.getByText("No data")).toBeTruthy();
  });

  it("shows 'Malformed data: {error}' with the parser's message", () => {
    const result = jsonToYaml('{"a": ');
    expect(result.kind).toBe("malformed");
    let parserMessage = "";
    try {
      JSON.parse('{"a": ');
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    renderWithI18n(<YamlView json='{"a": ' />);
    expect(screen.getByText(`Malformed data: ${parserMessage}`)).toBeTruthy();
  });

  it("shows valid JSON as YAML in a <pre>", () => {
    const { container } = renderWithI18n(
      <YamlView json='{"name":"Site 1","active":true,"tags":["a","b"],"nested":{"n":2}}' />,
    );
    expect(container.querySelector("pre")!.textContent).toBe(
      "name: Site 1\nactive: true\ntags:\n  - a\n  - b\nnested:\n  n: 2",
    );
  });
});

describe("<LoadMoreButton>", () => {
  it("is a link to the next page without an onClick, which works without JavaScript", async () => {
    const html = await renderServerHtml(
      <LoadMoreButton loading={false} href="/ng/audit?before=2026-11-21T10%3A00%3A00Z" />,
    );
    expect(html).toMatch(/<a [^>]*href="\/ng\/audit\?before=2026-11-21T10%3A00%3A00Z"[^>]*>.*Load more/);
  });

  it("hands a click to onClick when one is given, and shows 'Loading...' while loading", () => {
    const onClick = vi.fn();
    const { router, unmount } = renderWithRouter(<LoadMoreButton loading={false} href="/ng/next" onClick={onClick} />);
    fireEvent.click(screen.getByRole("link", { name: "Load more" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/ng/list");
    unmount();
    renderWithRouter(<LoadMoreButton loading href="/ng/next" onClick={onClick} />);
    const loading = screen.getByRole("link", { name: "Loading..." });
    expect(loading.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(loading);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is a button without an href, disabled while loading and when there is no more", () => {
    const onClick = vi.fn();
    renderWithRouter(
      <>
        <LoadMoreButton loading={false} onClick={onClick} />
        <LoadMoreButton loading onClick={onClick} />
        <LoadMoreButton loading={false} disabled href="/ng/next" />
      </>,
    );
    fireEvent.click(screen.getAllByRole("button", { name: "Load more" })[0]!);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect((screen.getByRole("button", { name: "Loading..." }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getAllByRole("button", { name: "Load more" })[1] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("result alert (000 §8)", () => {
  const error = { code: "StudyRetired", detail: "The study ST1 is retired." };

  it("prefers the message for the specific code", () => {
    expect(alertContent(error, { StudyRetired: "This study is retired.", Other: "x" }, "Something failed.")).toEqual({
      kind: "message",
      text: "This study is retired.",
    });
  });

  it("uses the default message when the code has none", () => {
    expect(alertContent(error, { Other: "x" }, "Something failed.")).toEqual({
      kind: "message",
      text: "Something failed.",
    });
    expect(alertContent({ code: "toString" }, {}, "Something failed.")).toEqual({
      kind: "message",
      text: "Something failed.",
    });
  });

  it("falls back to the code in bold followed by the details", () => {
    const { container } = render(<ResultAlert error={error} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("StudyRetired The study ST1 is retired.");
    expect(container.querySelector("strong")!.textContent).toBe("StudyRetired");
    expect(alertContent({ code: "Unknown", detail: "" })).toEqual({ kind: "code", code: "Unknown", detail: null });
  });

  it("is a danger alert by default and takes another type", () => {
    render(
      <>
        <ResultAlert error={error} messages={{ StudyRetired: "Retired." }} />
        <ResultAlert error={error} defaultMessage="Careful." type="warning" />
      </>,
    );
    const [first, second] = screen.getAllByRole("alert");
    expect(first!.dataset.type).toBe("danger");
    expect(first!.textContent).toBe("Retired.");
    expect(second!.dataset.type).toBe("warning");
  });

  it("shows nothing without an error", () => {
    const { container } = render(<ResultAlert error={null} defaultMessage="x" />);
    expect(container.innerHTML).toBe("");
  });
});

describe("<ActorDisplay>", () => {
  const textOf = (actor: unknown, companyUsers?: { id: string; displayName: string }[]) => {
    const { container, unmount } = renderWithI18n(<ActorDisplay actor={actor} companyUsers={companyUsers} />);
    const text = [...container.firstElementChild!.children].map((child) => child.textContent).join(" | ");
    unmount();
    return text;
  };

  it("shows every fallback with the spec's texts", () => {
    expect(textOf(null)).toBe("N/A");
    expect(textOf({ type: "robot" })).toBe("Unexpected data structure");
    expect(textOf({ id: "u1" })).toBe("Unexpected data structure");
    expect(textOf({ type: "system" })).toBe("System");
    expect(textOf({ type: "user" })).toBe("user not found");
    expect(textOf({ type: "group", id: "g1" })).toBe("group not found");
    expect(textOf({ type: "company", id: "c1" })).toBe("c1 | (not found)");
    expect(textOf({ type: "company" })).toBe("N/A");
    expect(textOf({ type: "user", id: "u9" })).toBe("u9 | not found");
    expect(
      textOf({
        type: "user",
        id: "u1",
        displayName: "Ann Lee",
        email: "ann@x.example",
        isBlocked: true,
        isDeleted: true,
      }),
    ).toBe("Ann Lee | (ann@x.example) | blocked | deleted");
    expect(textOf({ type: "user", id: "u1" }, [{ id: "u1", displayName: "Ann Lee" }])).toBe("Ann Lee");
    expect(textOf({ type: "group", displayName: "Monitors" })).toBe("Monitors");
    expect(textOf({ type: "company", displayName: "Demo Pharma" })).toBe("Demo Pharma");
  });

  it("shows a requester like an actor", () => {
    expect(RequesterDisplay).toBe(ActorDisplay);
  });
});

describe("<EntityDisplay> and <ReferenceDisplay>", () => {
  it("shows the display name, else the id with a warning (with a text), else 'not available'", () => {
    const { container } = renderWithRouter(
      <ul>
        <li>
          <EntityDisplay entity={{ id: "s1", displayName: "Site 1" }} />
        </li>
        <li>
          <EntityDisplay entity={{ id: "s2" }} />
        </li>
        <li>
          <EntityDisplay entity={{}} />
        </li>
      </ul>,
    );
    const items = container.querySelectorAll("li");
    expect(items[0]!.textContent).toBe("Site 1");
    expect(items[0]!.querySelector("svg")).toBeNull();
    expect(items[1]!.textContent).toBe("No display name; showing the ids2");
    expect(items[1]!.querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
    expect(items[1]!.querySelector(".sr-only")!.textContent).toBe("No display name; showing the id");
    expect(items[2]!.textContent).toBe("not available");
  });

  it("links a subject to its legacy page within the study", () => {
    renderWithRouter(
      <EntityDisplay entity={{ id: "SUBJ-7", displayName: "Subject 7" }} kind="subject" studyName="ST 1" />,
    );
    expect(screen.getByRole("link", { name: "Subject 7" }).getAttribute("href")).toBe(
      "/patients/study/ST%201/patient/SUBJ-7",
    );
  });

  it("does not link a subject without a study, nor other entities", () => {
    renderWithRouter(
      <>
        <EntityDisplay entity={{ id: "SUBJ-7", displayName: "Subject 7" }} kind="subject" />
        <EntityDisplay entity={{ id: "SITE-1", displayName: "Site 1" }} studyName="ST1" />
      </>,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("links a ticket and a mitigation action, showing their display ids", () => {
    renderWithRouter(
      <>
        <ReferenceDisplay reference={{ id: "T7", type: "Ticket", displayId: "TCK-7", studyName: "ST1" }} />
        <ReferenceDisplay reference={{ id: "M3", type: "RiskMitigation", displayId: "MA-3", studyName: "ST1" }} />
        <ReferenceDisplay reference={{ id: "X1", type: "Risk", studyName: "ST1" }} />
        <ReferenceDisplay reference={null} />
      </>,
    );
    expect(screen.getByRole("link", { name: "TCK-7" }).getAttribute("href")).toBe("/tickets/T7?studyName=ST1");
    expect(screen.getByRole("link", { name: "MA-3" }).getAttribute("href")).toBe(
      "/viewMitigation?name=M3&studyName=ST1",
    );
    expect(screen.getByText("X1").tagName).toBe("SPAN");
    expect(screen.getByText("not available")).toBeTruthy();
  });

  it("shows 'not available' for a missing value", () => {
    renderWithI18n(
      <>
        <ValueOrNotAvailable value="  " />
        <ValueOrNotAvailable value={0} />
      </>,
    );
    expect(screen.getByText("not available")).toBeTruthy();
    expect(screen.getByText("0")).toBeTruthy();
  });
});

describe("<Collapsible>", () => {
  const setReducedMotion = (reduce: boolean) =>
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({ matches: reduce && query.includes("reduce"), media: query }),
    });
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
    delete (HTMLElement.prototype as { animate?: unknown }).animate;
  });

  it("is a native <details> that is closed by default and open when asked", () => {
    const { container } = renderWithI18n(
      <>
        <Collapsible title="Data changes">Changes</Collapsible>
        <Collapsible title="Request and Response details" defaultOpen>
          Body
        </Collapsible>
      </>,
    );
    const [closed, open] = container.querySelectorAll("details");
    expect(closed!.open).toBe(false);
    expect(open!.open).toBe(true);
    expect(closed!.querySelector("summary")!.textContent).toBe("Data changes");
  });

  it("animates the height for 300 ms by default, then closes", () => {
    setReducedMotion(false);
    const animations: {
      keyframes: Keyframe[];
      options: KeyframeAnimationOptions;
      anim: { onfinish: (() => void) | null; cancel: () => void };
    }[] = [];
    HTMLElement.prototype.animate = function animate(keyframes: Keyframe[], options: KeyframeAnimationOptions) {
      const anim = { onfinish: null as (() => void) | null, cancel: vi.fn() };
      animations.push({ keyframes, options, anim });
      return anim as unknown as Animation;
    } as unknown as HTMLElement["animate"];
    const onToggle = vi.fn();
    const { container } = renderWithI18n(
      <Collapsible title="Data changes" onToggle={onToggle}>
        Changes
      </Collapsible>,
    );
    const details = container.querySelector("details")!;
    fireEvent.click(screen.getByText("Data changes"));
    expect(details.open).toBe(true);
    expect(animations).toHaveLength(1);
    expect(animations[0]!.options.duration).toBe(300);
    expect(animations[0]!.keyframes[0]!.height).toBe("0px");
    act(() => animations[0]!.anim.onfinish!());
    fireEvent.click(screen.getByText("Data changes"));
    expect(animations).toHaveLength(2);
    expect(animations[1]!.keyframes[1]!.height).toBe("0px");
    expect(details.open).toBe(true);
    act(() => animations[1]!.anim.onfinish!());
    expect(details.open).toBe(false);
  });

  it("takes another duration", () => {
    setReducedMotion(false);
    const animate = vi.fn(() => ({ onfinish: null, cancel: vi.fn() }) as unknown as Animation);
    HTMLElement.prototype.animate = animate as unknown as HTMLElement["animate"];
    renderWithI18n(
      <Collapsible title="Details" durationMs={120}>
        Body
      </Collapsible>,
    );
    fireEvent.click(screen.getByText("Details"));
    expect((animate.mock.calls[0] as unknown as [Keyframe[], KeyframeAnimationOptions])[1].duration).toBe(120);
  });

  it("does not animate when the user prefers reduced motion", () => {
    setReducedMotion(true);
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate as unknown as HTMLElement["animate"];
    renderWithI18n(<Collapsible title="Details">Body</Collapsible>);
    const summary = screen.getByText("Details").closest("summary")!;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    summary.dispatchEvent(click);
    expect(animate).not.toHaveBeenCalled();
    // The native toggle is left to the browser.
    expect(click.defaultPrevented).toBe(false);
  });
});

describe("<Spinner>", () => {
  it("is a status named 'Loading'", () => {
    renderWithI18n(<Spinner />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });

  it("is hidden from assistive technology when decorative", () => {
    renderWithI18n(<Spinner decorative />);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
