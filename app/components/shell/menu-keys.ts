/**
 * A header menu's keyboard and popup behaviour (WAI-ARIA menu button), loaded after the page has hydrated
 * (docs/decisions/0052-server-eager-client-lazy-shell-code.md): the menu's markup is the server's (app/components/
 * shell/Menu.tsx), a button and its popover that work without script; this wires them once the chunk has come.
 *
 * Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; ArrowUp/Down/Home/End move (wrapping), a
 * letter jumps to the next item starting with it, Escape closes it and gives the focus back to the button, and Tab
 * closes it and moves on.
 */

// The study dropdown's loader comes in the same chunk: it runs only once a menu is wired (ADR 0059).
export { fetchStudyList } from "./study-list";

/** Every item, unavailable ones too: they can be reached and read, not followed (WAI-ARIA APG). */
const ITEM_SELECTOR = '[role="menuitem"]';

/** CSS anchor positioning puts the list under its button without script; elsewhere script places it once open. */
const hasAnchors = () => typeof CSS !== "undefined" && CSS.supports?.("anchor-name: --a") === true;

export interface MenuWiring {
  button: HTMLButtonElement;
  panel: HTMLElement;
  align: "start" | "end";
  /** The browser has the Popover API (every current one does; in older ones the list opens by state). */
  popover: boolean;
  /** The menu's open state, for its attributes (aria-expanded; `hidden` where popovers are missing). */
  setOpen: (open: boolean) => void;
  /** Called on each opening (the study list loads then). */
  onOpen: () => void;
}

/** Wires a menu's button and list; answers how to close it (a chosen entry) and the clean-up. */
export function wireMenu({ button, panel, align, popover, setOpen, onOpen }: MenuWiring): {
  hide: (returnFocus: boolean) => void;
  unwire: () => void;
} {
  let open = popover && panel.matches(":popover-open");
  /** Which item takes the focus when the menu opens from the keyboard (a click leaves it on the button). */
  let focusOnOpen: "first" | "last" | null = null;
  const items = () => [...panel.querySelectorAll<HTMLElement>(ITEM_SELECTOR)];
  const focusItem = (which: "first" | "last" | number) => {
    const list = items();
    if (list.length === 0) return;
    const index = which === "first" ? 0 : which === "last" ? list.length - 1 : (which + list.length) % list.length;
    list[index]!.focus();
  };
  const changed = (next: boolean) => {
    if (next === open) return;
    open = next;
    setOpen(next);
    // Without popovers the list shows by its `hidden` attribute: at once, so that its first item can take the focus.
    if (!popover) panel.hidden = !next;
    if (!next) return;
    onOpen();
    if (popover) place(button, panel, align);
    focusItem(focusOnOpen ?? "first");
    focusOnOpen = null;
  };
  const show = () => (popover ? panel.showPopover() : changed(true));
  const hide = (returnFocus: boolean) => {
    if (popover) {
      if (panel.matches(":popover-open")) panel.hidePopover();
    } else changed(false);
    if (returnFocus) button.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusOnOpen = event.key === "ArrowUp" ? "last" : "first";
      if (open) focusItem(focusOnOpen);
      else show();
    } else if ((event.key === "Enter" || event.key === " ") && !open) {
      // The button's click opens it (the popover's, or the state's below).
      focusOnOpen = "first";
    }
  };
  const onPanelKey = (event: KeyboardEvent) => panelKeyDown(event, items(), focusItem, hide, button);
  // The popover's own toggle (its button, Escape, a click elsewhere) drives the state.
  const onToggle = (event: Event) => changed((event as ToggleEvent).newState === "open");
  // Where the platform has no popover, the button opens and closes the list by state.
  const onButtonClick = () => {
    if (!popover) changed(!open);
  };
  button.addEventListener("keydown", onButtonKey);
  button.addEventListener("click", onButtonClick);
  panel.addEventListener("keydown", onPanelKey);
  panel.addEventListener("toggle", onToggle);
  // Opened (by a click) before this code came: the state follows, the study list loads.
  if (open) {
    setOpen(true);
    onOpen();
  }
  const unwire = () => {
    button.removeEventListener("keydown", onButtonKey);
    button.removeEventListener("click", onButtonClick);
    panel.removeEventListener("keydown", onPanelKey);
    panel.removeEventListener("toggle", onToggle);
  };
  return { hide, unwire };
}

/** The open list's keys: arrows, Home/End, Escape, Tab, and a letter to jump to the next item starting with it. */
function panelKeyDown(
  event: KeyboardEvent,
  list: HTMLElement[],
  focusItem: (which: "first" | "last" | number) => void,
  hide: (returnFocus: boolean) => void,
  button: HTMLButtonElement,
): void {
  const at = list.indexOf(document.activeElement as HTMLElement);
  const moves: Record<string, "first" | "last" | number> = {
    ArrowDown: at + 1,
    ArrowUp: at < 0 ? "last" : at - 1,
    Home: "first",
    End: "last",
  };
  if (event.key in moves) {
    event.preventDefault();
    focusItem(moves[event.key]!);
  } else if (event.key === "Escape") {
    event.preventDefault();
    hide(true);
  } else if (event.key === "Tab") {
    // The menu closes and the focus moves on from its button, to whatever comes next on the page.
    hide(false);
    button.focus();
  } else jumpToLetter(event, list, at);
}

/** A printable key moves the focus to the next item (after the focused one, wrapping) whose text starts with it. */
function jumpToLetter(event: KeyboardEvent, list: HTMLElement[], at: number): void {
  if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const letter = event.key.toLowerCase();
    const order = [...list.slice(at + 1), ...list.slice(0, at + 1)];
    const next = order.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }
}

/**
 * Places an open list under its button where CSS anchor positioning is missing (the list is in the top layer, so
 * it is placed in the viewport).
 */
function place(button: HTMLElement, panel: HTMLElement, align: "start" | "end"): void {
  if (hasAnchors()) return;
  const rect = button.getBoundingClientRect();
  panel.style.position = "fixed";
  panel.style.top = `${Math.round(rect.bottom + 4)}px`;
  if (align === "end") {
    panel.style.left = "auto";
    panel.style.right = `${Math.max(8, Math.round(window.innerWidth - rect.right))}px`;
  } else {
    panel.style.right = "auto";
    panel.style.left = `${Math.max(8, Math.round(rect.left))}px`;
  }
}
