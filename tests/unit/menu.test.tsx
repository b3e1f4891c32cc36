// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Menu, type MenuEntry } from "~/components/shell/Menu";
import { renderServerHtml, renderWithRouter } from "../support/i18n-test";

/**
 * The header menus' keyboard model (WAI-ARIA APG menu button, docs/decisions/0024-menus-links-and-header.md). jsdom
 * has no Popover API: the menu then opens by state, as it would in an older browser.
 */
afterEach(() => cleanup());

const entries: MenuEntry[] = [
  { key: "a", label: "Alpha", href: "/ng/a", testId: "e-a" },
  { key: "b", label: "Beta", href: "/ng/b", testId: "e-b" },
  { key: "c", label: "Classic page", unavailable: "classic", testId: "e-c" },
  { key: "d", label: "Delta", href: "/ng/d", testId: "e-d" },
];

async function renderMenu(onOpen = vi.fn()) {
  renderWithRouter(
    <div>
      <Menu id="m" trigger="Things" entries={entries} onOpen={onOpen} />
      <button type="button">After</button>
    </div>,
  );
  const button = screen.getByTestId("menu-m");
  // The keyboard code is a chunk loaded after hydration (ADR 0052): the menu roles say it has come.
  await waitFor(() => expect(button.getAttribute("aria-haspopup")).toBe("menu"));
  return { button, panel: screen.getByTestId("menu-m-content"), onOpen };
}
const key = (element: Element, name: string) => fireEvent.keyDown(element, { key: name });

describe("a header menu", () => {
  it("without script: a button that targets a popover, with plain links and no menu roles", async () => {
    const html = await renderServerHtml(<Menu id="m" trigger="Things" entries={entries} />);
    expect(html).toMatch(/<button[^>]*popovertarget="menu-m"/);
    expect(html).toMatch(/<div[^>]*popover="auto"/);
    expect(html).not.toContain('role="menu"');
    expect(html).toContain("Available in the classic application");
  });

  it("until its keyboard code has come (a chunk after hydration) it is what it is without script: no menu roles", async () => {
    renderWithRouter(<Menu id="m" trigger="Things" entries={entries} />);
    const button = screen.getByTestId("menu-m");
    expect(button.getAttribute("aria-haspopup")).toBeNull();
    expect(screen.getByTestId("menu-m-content").getAttribute("role")).toBeNull();
    expect(screen.getByTestId("menu-m-content").hidden).toBe(false);
    await waitFor(() => expect(button.getAttribute("aria-haspopup")).toBe("menu"));
    // jsdom has no popovers: once wired, the list is hidden until opened.
    expect(screen.getByTestId("menu-m-content").hidden).toBe(true);
  });

  it("Enter opens it on the first item and tells the callback; arrows, Home and End move, wrapping", async () => {
    const { button, panel, onOpen } = await renderMenu();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    key(button, "ArrowDown");
    await act(async () => {});
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(onOpen).toHaveBeenCalledTimes(1);
    const items = Array.from(panel.querySelectorAll('[role="menuitem"]'));
    expect(items).toHaveLength(4);
    expect(document.activeElement).toBe(items[0]);
    key(panel, "ArrowDown");
    expect(document.activeElement).toBe(items[1]);
    key(panel, "End");
    expect(document.activeElement).toBe(items[3]);
    key(panel, "ArrowDown");
    expect(document.activeElement).toBe(items[0]);
    key(panel, "ArrowUp");
    expect(document.activeElement).toBe(items[3]);
    key(panel, "Home");
    expect(document.activeElement).toBe(items[0]);
  });

  it("ArrowUp opens it on the last item; a letter jumps to the next item starting with it; unavailable items can be reached", async () => {
    const { button, panel } = await renderMenu();
    key(button, "ArrowUp");
    await act(async () => {});
    const items = Array.from(panel.querySelectorAll('[role="menuitem"]'));
    expect(document.activeElement).toBe(items[3]);
    key(panel, "c");
    expect(document.activeElement).toBe(items[2]);
    expect(items[2]!.getAttribute("aria-disabled")).toBe("true");
    key(panel, "b");
    expect(document.activeElement).toBe(items[1]);
  });

  it("Escape closes it and gives the focus back to its button", async () => {
    const { button, panel } = await renderMenu();
    key(button, "ArrowDown");
    await act(async () => {});
    key(panel, "Escape");
    await act(async () => {});
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("Tab closes it and lets the focus move on from its button (it does not hold the keyboard)", async () => {
    const { button, panel } = await renderMenu();
    key(button, "ArrowDown");
    await act(async () => {});
    const tab = fireEvent.keyDown(panel, { key: "Tab" });
    await act(async () => {});
    expect(tab).toBe(true); // not prevented: the browser moves the focus on
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("one item is the list's tab stop; the others are reached with the arrows", async () => {
    const { panel } = await renderMenu();
    const stops = Array.from(panel.querySelectorAll('[role="menuitem"]')).map((item) => item.getAttribute("tabindex"));
    expect(stops).toEqual(["0", "-1", "-1", "-1"]);
  });
});

describe("a menu of submit buttons (the CTQ Insert in study menu, ADR 0049)", () => {
  const submits = (onSelect = vi.fn()): MenuEntry[] => [
    { key: "x", label: "Xray", submit: { form: "f", name: "intent", value: "open:x", noValidate: true, onSelect } },
    { key: "y", label: "Yankee", disabled: true, submit: { form: "f", name: "intent", value: "open:y" } },
  ];

  it("without script: named submit buttons; a disabled one is shown, not a button", async () => {
    const html = await renderServerHtml(<Menu id="s" trigger="Insert" entries={submits()} />);
    expect(html).toMatch(
      /<button[^>]*type="submit"[^>]*form="f"[^>]*name="intent"[^>]*value="open:x"[^>]*formNoValidate/i,
    );
    expect(html).not.toContain('value="open:y"');
    expect(html).toMatch(/<span[^>]*aria-disabled="true"[^>]*>.*Yankee/);
  });

  it("with script: choosing an item closes the menu onto its button, then runs onSelect", async () => {
    const onSelect = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithRouter(<Menu id="s" trigger="Insert" entries={submits(onSelect)} />);
    const button = screen.getByTestId("menu-s");
    await waitFor(() => expect(button.getAttribute("aria-haspopup")).toBe("menu"));
    key(button, "ArrowDown");
    await act(async () => {});
    const items = Array.from(screen.getByTestId("menu-s-content").querySelectorAll('[role="menuitem"]'));
    expect(items).toHaveLength(2);
    expect(items[1]!.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(items[0]!);
    await act(async () => {});
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });
});
