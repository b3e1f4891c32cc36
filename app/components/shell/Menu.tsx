import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { AppLink } from "~/components/AppLink";
import { useHydrated } from "~/components/forms/hydrated";
import { useTranslation } from "~/lib/i18n-react";

/** One entry of a header menu: a link, an unavailable entry, or a form submit (Log Out). */
export interface MenuEntry {
  key: string;
  label: ReactNode;
  href?: string | null;
  newTab?: boolean;
  /** Shown, not followable (a study without a permitted page). */
  disabled?: boolean;
  /** Shown, not followable, and why (issue 9: no dead ends): a classic page without LEGACY_BASE_URL, or one to come. */
  unavailable?: "classic" | "notYet";
  /** Bold (the current study). */
  current?: boolean;
  /**
   * Submits the form with this id (the form lives outside the menu and carries the intent), or names the intent
   * itself (`name`/`value`). With script, `onSelect` may act in place instead (it calls preventDefault); the menu
   * closes onto its button first, so that a dialog opened in place gives the focus back there.
   */
  submit?: {
    form: string;
    name?: string;
    value?: string;
    noValidate?: boolean;
    onSelect?: (event: MouseEvent<HTMLButtonElement>) => void;
  };
  testId?: string;
}

export interface MenuProps {
  /** Distinguishes the menu in tests and ids. */
  id: string;
  /** The trigger's content. */
  trigger: ReactNode;
  /** The trigger's accessible name, when its content is not text. */
  triggerLabel?: string;
  entries: MenuEntry[];
  /** Shown instead of the entries while they load (the study list). */
  loading?: ReactNode;
  align?: "start" | "end";
  /** Called when the menu opens (JS only): the study list loads then. */
  onOpen?: () => void;
  triggerClassName?: string;
}

// Component classes (app/tailwind.css): the header repeats them in every menu and item of every page (ADR 0041).
const triggerClass = "menu-trigger";
const panelClass = "menu-panel";
const itemClass = "menu-item";
const disabledClass = "menu-item-off";

export function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/** Does this browser have the Popover API (every current one does; older ones show the list in place)? */
const hasPopover = () => typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;
/** CSS anchor positioning puts the list under its button without script; elsewhere script places it once open. */
const hasAnchors = () => typeof CSS !== "undefined" && CSS.supports?.("anchor-name: --a") === true;

/** Every item, unavailable ones too: they can be reached and read, not followed (WAI-ARIA APG). */
const ITEM_SELECTOR = '[role="menuitem"]';

/**
 * A header dropdown (000 §2.6) on the platform (docs/decisions/0024-menus-links-and-header.md).
 *
 * Without JavaScript it is a button and a popover (`popovertarget`): it opens and closes without script, closes on
 * Escape and on a click elsewhere, sits in the top layer, and Tab moves through its links and on. Once hydrated it
 * follows the WAI-ARIA menu-button pattern: Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
 * ArrowUp/Down/Home/End move (wrapping), a letter jumps to the next item starting with it, Escape closes it and gives
 * the focus back to the button, and Tab closes it and moves on.
 */
export function Menu({
  id,
  trigger,
  triggerLabel,
  entries,
  loading,
  align = "start",
  onOpen,
  triggerClassName,
}: MenuProps) {
  const hydrated = useHydrated();
  const reactId = useId();
  const panelId = `menu-${id}-${reactId.replace(/:/g, "")}`;
  const anchor = `--${panelId}`;
  const { button, panel, open, hide, onButtonKeyDown, onPanelKeyDown } = useMenuButton({ loading, onOpen, align });

  // Roles and roving focus only once script can move the focus; before that, plain links Tab reaches.
  const menuRoles = hydrated;
  const alignStyle = align === "end" ? { right: "anchor(right)" } : { left: "anchor(left)" };

  return (
    <div className="relative inline-flex" data-menu={id}>
      <button
        ref={button}
        id={`${panelId}-button`}
        type="button"
        // Without script the platform opens the popover; with it, the same attribute keeps working.
        {...{ popovertarget: panelId }}
        aria-haspopup={menuRoles ? "menu" : undefined}
        aria-controls={panelId}
        {...(menuRoles ? { "aria-expanded": open } : {})}
        aria-label={triggerLabel}
        className={triggerClassName ?? triggerClass}
        style={{ anchorName: anchor } as CSSProperties}
        onKeyDown={onButtonKeyDown}
        data-testid={`menu-${id}`}
      >
        {trigger}
        <Chevron />
      </button>
      <div
        ref={panel}
        id={panelId}
        {...{ popover: "auto" }}
        role={menuRoles ? "menu" : undefined}
        aria-labelledby={menuRoles ? `${panelId}-button` : undefined}
        className={panelClass}
        style={
          {
            inset: "auto",
            positionAnchor: anchor,
            top: "anchor(bottom)",
            marginTop: "4px",
            ...alignStyle,
          } as CSSProperties
        }
        hidden={hydrated && !hasPopover() ? !open : undefined}
        onKeyDown={menuRoles ? onPanelKeyDown : undefined}
        data-testid={`menu-${id}-content`}
      >
        <MenuItems entries={entries} loading={loading} roles={menuRoles} onChosen={hide} />
      </div>
    </div>
  );
}

/** The list of a menu's entries, or what is shown while they load. */
function MenuItems({
  entries,
  loading,
  roles,
  onChosen,
}: {
  entries: MenuEntry[];
  loading?: ReactNode;
  roles: boolean;
  onChosen: (returnFocus: boolean) => void;
}) {
  const { t } = useTranslation();
  // `roles` is true once hydrated.
  if (loading && (entries.length === 0 || roles)) {
    return (
      <div role={roles ? "menuitem" : undefined} aria-disabled="true" className={disabledClass}>
        {loading}
      </div>
    );
  }
  return (
    <ul className="m-0 list-none p-0" role={roles ? "none" : undefined}>
      {entries.map((entry, index) => (
        <li key={entry.key} role={roles ? "none" : undefined}>
          <EntryContent entry={entry} first={index === 0} roles={roles} onChosen={onChosen} unavailableText={t} />
        </li>
      ))}
    </ul>
  );
}

/** The menu button's behaviour once hydrated: its open state, its focus, its keys (WAI-ARIA menu button). */
function useMenuButton({
  loading,
  onOpen,
  align,
}: {
  loading?: ReactNode;
  onOpen?: () => void;
  align: "start" | "end";
}) {
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  /** Which item takes the focus when the menu opens from the keyboard. */
  const focusOnOpen = useRef<"first" | "last" | null>(null);

  const items = useCallback(() => [...(panel.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])], []);
  const focusItem = useCallback(
    (which: "first" | "last" | number) => {
      const list = items();
      if (list.length === 0) return;
      const index = which === "first" ? 0 : which === "last" ? list.length - 1 : (which + list.length) % list.length;
      list[index]!.focus();
    },
    [items],
  );
  const { show, hide } = usePopoverToggle(panel, button, setOpen);

  useEffect(() => {
    if (!open) return;
    onOpen?.();
    place(button.current, panel.current, align);
    focusItem(focusOnOpen.current ?? "first");
    focusOnOpen.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening only; onOpen may change identity per render
  }, [open]);

  // Entries that arrive while the menu is open (the study list) take the focus, as if they had been there on opening.
  const wasLoading = useRef(Boolean(loading));
  useEffect(() => {
    const active = document.activeElement;
    const focusLost = !active || active === document.body || panel.current?.contains(active);
    if (open && wasLoading.current && !loading && focusLost) focusItem("first");
    wasLoading.current = Boolean(loading);
  }, [loading, open, focusItem]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
      if (open) focusItem(focusOnOpen.current);
      else show();
    } else if ((event.key === "Enter" || event.key === " ") && !open) {
      focusOnOpen.current = "first";
    }
  };
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    panelKeyDown(event, { items: items(), focusItem, hide, button: button.current });

  return { button, panel, open, hide, onButtonKeyDown, onPanelKeyDown };
}

/** Opens and closes the list: as a popover where the browser has them (its toggle drives the state), else by state. */
function usePopoverToggle(
  panel: RefObject<HTMLDivElement>,
  button: RefObject<HTMLButtonElement>,
  setOpen: (open: boolean) => void,
) {
  const show = useCallback(() => {
    const element = panel.current;
    if (!element) return;
    if (hasPopover()) {
      if (!element.matches(":popover-open")) element.showPopover();
    } else setOpen(true);
  }, [panel, setOpen]);
  const hide = useCallback(
    (returnFocus: boolean) => {
      const element = panel.current;
      if (element && hasPopover()) {
        if (element.matches(":popover-open")) element.hidePopover();
      } else setOpen(false);
      if (returnFocus) button.current?.focus();
    },
    [panel, button, setOpen],
  );

  // The popover's own toggle (its button, Escape, a click elsewhere) drives the state.
  useEffect(() => {
    const element = panel.current;
    if (!element || !hasPopover()) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, [panel, setOpen]);
  return { show, hide };
}

/** The open list's keys: arrows, Home/End, Escape, Tab, and a letter to jump to the next item starting with it. */
function panelKeyDown(
  event: KeyboardEvent<HTMLDivElement>,
  {
    items: list,
    focusItem,
    hide,
    button,
  }: {
    items: HTMLElement[];
    focusItem: (which: "first" | "last" | number) => void;
    hide: (returnFocus: boolean) => void;
    button: HTMLButtonElement | null;
  },
): void {
  const at = list.indexOf(document.activeElement as HTMLElement);
  switch (event.key) {
    case "ArrowDown":
      event.preventDefault();
      focusItem(at + 1);
      return;
    case "ArrowUp":
      event.preventDefault();
      focusItem(at < 0 ? "last" : at - 1);
      return;
    case "Home":
      event.preventDefault();
      focusItem("first");
      return;
    case "End":
      event.preventDefault();
      focusItem("last");
      return;
    case "Escape":
      event.preventDefault();
      hide(true);
      return;
    case "Tab":
      // The menu closes and the focus moves on from its button, to whatever comes next on the page.
      hide(false);
      button?.focus();
      return;
    default:
      jumpToLetter(event, list, at);
  }
}

/** A printable key moves the focus to the next item (after the focused one, wrapping) whose text starts with it. */
function jumpToLetter(event: KeyboardEvent<HTMLDivElement>, list: HTMLElement[], at: number): void {
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

function EntryContent({
  entry,
  first,
  roles,
  onChosen,
  unavailableText: t,
}: {
  entry: MenuEntry;
  first: boolean;
  roles: boolean;
  onChosen: (returnFocus: boolean) => void;
  unavailableText: (key: string) => string;
}) {
  const label = entry.current ? <strong>{entry.label}</strong> : entry.label;
  const role = roles ? "menuitem" : undefined;
  // A roving tab stop: the arrow keys move the focus; the first item is the list's one stop.
  const tabIndex = roles ? (first ? 0 : -1) : undefined;
  const { submit } = entry;
  if (submit && !entry.disabled && !entry.unavailable) {
    return (
      <button
        type="submit"
        form={submit.form}
        name={submit.name}
        value={submit.value}
        formNoValidate={submit.noValidate}
        onClick={
          submit.onSelect
            ? (event) => {
                onChosen(true);
                submit.onSelect!(event);
              }
            : undefined
        }
        role={role}
        tabIndex={tabIndex}
        className={itemClass}
        data-testid={entry.testId}
      >
        {label}
      </button>
    );
  }
  if (entry.unavailable || entry.disabled || !entry.href) {
    const reason = entry.unavailable ? t(`menus.unavailable.${entry.unavailable}`) : null;
    return (
      // Reachable from the keyboard (its reason can be read), never followed.
      <span
        role={role}
        aria-disabled="true"
        tabIndex={roles ? tabIndex : 0}
        className={disabledClass}
        data-testid={entry.testId}
      >
        <span>{label}</span>
        {reason ? <span className="text-xs">{reason}</span> : null}
      </span>
    );
  }
  return (
    <AppLink
      to={entry.href}
      newTab={entry.newTab}
      role={role}
      tabIndex={tabIndex}
      className={itemClass}
      aria-current={entry.current ? "page" : undefined}
      data-testid={entry.testId}
      onClick={() => onChosen(false)}
    >
      {label}
    </AppLink>
  );
}

/**
 * Places an open list under its button where CSS anchor positioning is missing (the list is in the top layer, so
 * it is placed in the viewport).
 */
function place(button: HTMLElement | null, panel: HTMLElement | null, align: "start" | "end"): void {
  if (!button || !panel || hasAnchors() || !hasPopover()) return;
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
