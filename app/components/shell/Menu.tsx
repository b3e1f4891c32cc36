import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from "react";
import { AppLink } from "~/components/AppLink";
import { useTranslation } from "~/lib/i18n-react";
import type * as MenuKeys from "./menu-keys";

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
  /** Distinguishes the menu in tests and ids: unique in the page. */
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
// `menu-trigger` draws its chevron; where the list sits is `menu-panel`'s (ADR 0065).
const triggerClass = "menu-trigger";
const panelClass = { start: "menu-panel", end: "menu-panel menu-panel-end" };
const itemClass = "menu-item";
const disabledClass = "menu-item-off";

/** A chevron for a menu button of a class of its own (a page's menus); the header's buttons draw theirs by class. */
export function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/** Every item, unavailable ones too: they can be reached and read, not followed (WAI-ARIA APG). */
const ITEM_SELECTOR = '[role="menuitem"]';

/** Does this browser have the Popover API (every current one does; older ones show the list by state)? */
const hasPopover = () => typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype;

/**
 * The keyboard and popup behaviour (./menu-keys.ts) and the study list's loader: a chunk loaded once, after hydration
 * (ADR 0052, ADR 0059).
 */
let keys: Promise<typeof MenuKeys> | undefined;
export const loadKeys = () =>
  (keys ??= import("./menu-keys").catch((error: unknown) => {
    keys = undefined;
    throw error;
  }));

/**
 * A header dropdown (000 §2.6) on the platform (docs/decisions/0024-menus-links-and-header.md).
 *
 * Without JavaScript it is a button and a popover (`popovertarget`): it opens and closes without script, closes on
 * Escape and on a click elsewhere, sits in the top layer, and Tab moves through its links and on. Once hydrated, its
 * keyboard code comes as a chunk (./menu-keys.ts, ADR 0052) and it follows the WAI-ARIA menu-button pattern; until
 * then it stays the button and popover it was without script (the same markup, no menu roles).
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
  // From the menu's id, unique in the page: the header's markup is made apart from the page's tree (ADR 0067).
  const panelId = `menu-${id}`;
  const anchor = `--${panelId}`;
  const { button, panel, open, wired, hide } = useMenuWiring({ loading, onOpen, align });

  // Roles and roving focus only once script can move the focus; before that, plain links Tab reaches.
  const menuRoles = wired;

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
        data-testid={`menu-${id}`}
      >
        {trigger}
        {triggerClassName ? <Chevron /> : null}
      </button>
      <div
        ref={panel}
        id={panelId}
        {...{ popover: "auto" }}
        role={menuRoles ? "menu" : undefined}
        aria-labelledby={menuRoles ? `${panelId}-button` : undefined}
        className={panelClass[align]}
        style={{ positionAnchor: anchor } as CSSProperties}
        hidden={wired && !hasPopover() ? !open : undefined}
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

/** The menu's state once its keyboard code has come (./menu-keys.ts), and closing it on a choice. */
function useMenuWiring({
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
  const [wired, setWired] = useState(false);
  const latestOnOpen = useRef(onOpen);
  latestOnOpen.current = onOpen;

  const wiring = useRef<ReturnType<typeof MenuKeys.wireMenu>>();
  useEffect(() => {
    let live = true;
    // A chunk that does not come leaves the menu as it is without script: it still opens and closes.
    loadKeys().then(
      ({ wireMenu }) => {
        if (!live || !button.current || !panel.current) return;
        wiring.current = wireMenu({
          button: button.current,
          panel: panel.current,
          align,
          popover: hasPopover(),
          setOpen,
          onOpen: () => latestOnOpen.current?.(),
        });
        setWired(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
      wiring.current?.unwire();
      wiring.current = undefined;
    };
  }, [align]);

  // Entries that arrive while the menu is open (the study list) take the focus, as if they had been there on opening.
  const wasLoading = useRef(Boolean(loading));
  useEffect(() => {
    const active = document.activeElement;
    const focusLost = !active || active === document.body || panel.current?.contains(active);
    if (open && wasLoading.current && !loading && focusLost) {
      panel.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
    }
    wasLoading.current = Boolean(loading);
  }, [loading, open]);

  /** A chosen entry closes the menu (a link followed in place leaves the header as it was). */
  const hide = useCallback((returnFocus: boolean) => {
    const element = panel.current;
    if (wiring.current) wiring.current.hide(returnFocus);
    else if (element && hasPopover() && element.matches(":popover-open")) element.hidePopover();
  }, []);
  return { button, panel, open, wired, hide };
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
        {label}
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
