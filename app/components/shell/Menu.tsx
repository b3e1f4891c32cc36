import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AppLink } from "~/components/AppLink";
import { useHydrated } from "~/components/forms/hydrated";

/** One entry of a header menu: a link, a disabled entry, or a form submit (Log Out). */
export interface MenuEntry {
  key: string;
  label: ReactNode;
  href?: string | null;
  newTab?: boolean;
  /** Shown, not followable (a study without a permitted page). */
  disabled?: boolean;
  /** Bold (the current study). */
  current?: boolean;
  /** Submits the form with this id (the form lives outside the menu and carries the intent). */
  submit?: { form: string };
  testId?: string;
}

export interface MenuProps {
  /** Distinguishes the menu in tests and aria. */
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

const triggerClass =
  "inline-flex items-center gap-1 rounded px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 cursor-pointer";
const panelClass = "z-50 min-w-[12rem] rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg";
const itemClass =
  "flex w-full items-center gap-2 rounded px-3 py-2 text-left text-slate-800 no-underline hover:bg-brand-50 focus:bg-brand-50 focus:outline-none data-[highlighted]:bg-brand-50";
const disabledClass = "flex w-full items-center gap-2 rounded px-3 py-2 text-slate-400 cursor-not-allowed";

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/**
 * A header dropdown (000 §2.6). Without JavaScript it is a <details> disclosure of plain links and buttons (menus in
 * one header share a name, so opening one closes the others); once hydrated, Radix DropdownMenu gives it the full
 * menu keyboard model: arrow keys, Home/End, typeahead, Escape to close and focus back on the trigger.
 */
export function Menu(props: MenuProps) {
  const hydrated = useHydrated();
  return hydrated ? <RadixMenu {...props} /> : <DisclosureMenu {...props} />;
}

function DisclosureMenu({ id, trigger, triggerLabel, entries, loading, align = "start", triggerClassName }: MenuProps) {
  return (
    <details name="shell-menu" className="group relative" data-testid={`menu-${id}`}>
      <summary className={`${triggerClassName ?? triggerClass} list-none [&::-webkit-details-marker]:hidden`} aria-label={triggerLabel}>
        {trigger}
        <Chevron />
      </summary>
      <ul className={`${panelClass} absolute top-full mt-1 ${align === "end" ? "right-0" : "left-0"}`}>
        {loading && entries.length === 0 ? <li className={disabledClass}>{loading}</li> : null}
        {entries.map((entry) => (
          <li key={entry.key}>
            <EntryContent entry={entry} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function EntryContent({ entry }: { entry: MenuEntry }) {
  const label = entry.current ? <strong>{entry.label}</strong> : entry.label;
  if (entry.submit) {
    return (
      <button type="submit" form={entry.submit.form} className={itemClass} data-testid={entry.testId}>
        {label}
      </button>
    );
  }
  if (entry.disabled || !entry.href) {
    return (
      <span aria-disabled="true" className={disabledClass} data-testid={entry.testId}>
        {label}
      </span>
    );
  }
  return (
    <AppLink to={entry.href} newTab={entry.newTab} className={itemClass} aria-current={entry.current ? "page" : undefined} data-testid={entry.testId}>
      {label}
    </AppLink>
  );
}

function RadixMenu({ id, trigger, triggerLabel, entries, loading, align = "start", onOpen, triggerClassName }: MenuProps) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const wasLoading = useRef(Boolean(loading));
  useEffect(() => {
    // Entries that arrive while the menu is open (the study list) take the focus, as if they had been there on opening.
    const active = document.activeElement;
    const focusLost = !active || active === document.body || content.current?.contains(active);
    if (open && wasLoading.current && !loading && content.current && focusLost) {
      content.current.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
    }
    wasLoading.current = Boolean(loading);
  }, [loading, open]);
  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
    >
      <DropdownMenu.Trigger className={triggerClassName ?? triggerClass} aria-label={triggerLabel} data-testid={`menu-${id}`}>
        {trigger}
        <Chevron />
      </DropdownMenu.Trigger>
      {/* Rendered in place, not in a portal, so the open menu stays inside the header's landmark. */}
      <DropdownMenu.Content ref={content} align={align} sideOffset={4} className={panelClass} data-testid={`menu-${id}-content`}>
          {loading ? (
            <DropdownMenu.Item disabled className={disabledClass}>
              {loading}
            </DropdownMenu.Item>
          ) : (
            entries.map((entry) => <RadixEntry key={entry.key} entry={entry} />)
          )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

function RadixEntry({ entry }: { entry: MenuEntry }) {
  const label = entry.current ? <strong>{entry.label}</strong> : entry.label;
  if (entry.disabled || (!entry.href && !entry.submit)) {
    return (
      <DropdownMenu.Item disabled className={disabledClass} data-testid={entry.testId}>
        {label}
      </DropdownMenu.Item>
    );
  }
  if (entry.submit) {
    const formId = entry.submit.form;
    return (
      <DropdownMenu.Item
        className={itemClass}
        data-testid={entry.testId}
        onSelect={() => document.querySelector<HTMLFormElement>(`form#${CSS.escape(formId)}`)?.requestSubmit()}
      >
        {label}
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <AppLink to={entry.href!} newTab={entry.newTab} aria-current={entry.current ? "page" : undefined} data-testid={entry.testId}>
        {label}
      </AppLink>
    </DropdownMenu.Item>
  );
}
