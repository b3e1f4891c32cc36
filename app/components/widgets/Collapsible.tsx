import { useEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";

/** The default length of the open and close animation (000 §9). */
export const COLLAPSIBLE_DURATION_MS = 300;

export interface CollapsibleProps {
  /** The always-visible heading of the section (the <summary>). */
  title: ReactNode;
  defaultOpen?: boolean;
  /** Length of the height animation; 300 ms by default, 0 for none. */
  durationMs?: number;
  /** Called with the new state after each toggle. */
  onToggle?: (open: boolean) => void;
  className?: string;
  summaryClassName?: string;
  children: ReactNode;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

/**
 * A section that expands and collapses (000 §4.6): a native <details>, so it works without JavaScript. With it, the
 * content's height is animated with the Web Animations API (no inline style attributes), unless the user prefers
 * reduced motion.
 */
export function Collapsible({
  title,
  defaultOpen = false,
  durationMs = COLLAPSIBLE_DURATION_MS,
  onToggle,
  className = "",
  summaryClassName = "",
  children,
}: CollapsibleProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const closing = useRef(false);
  useEffect(() => () => animation.current?.cancel(), []);

  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    const details = detailsRef.current;
    const content = contentRef.current;
    if (!details || !content || durationMs <= 0 || typeof content.animate !== "function" || prefersReducedMotion())
      return;
    event.preventDefault();
    const running = animation.current;
    const from = running ? content.getBoundingClientRect().height : null;
    const opening = running ? closing.current : !details.open;
    running?.cancel();
    animation.current = null;
    closing.current = !opening;
    if (opening) details.open = true;
    const start = from ?? (opening ? 0 : content.getBoundingClientRect().height);
    const end = opening ? content.scrollHeight : 0;
    const played = content.animate(
      [
        { height: `${start}px`, overflow: "hidden" },
        { height: `${end}px`, overflow: "hidden" },
      ],
      { duration: durationMs, easing: "ease-in-out" },
    );
    animation.current = played;
    played.onfinish = () => {
      animation.current = null;
      closing.current = false;
      if (!opening) details.open = false;
    };
  };

  const onDetailsToggle = (event: SyntheticEvent<HTMLDetailsElement>) => onToggle?.(event.currentTarget.open);

  return (
    <details
      ref={detailsRef}
      open={defaultOpen}
      onToggle={onDetailsToggle}
      className={`group rounded-md border border-slate-200 ${className}`}
    >
      <summary
        onClick={onSummaryClick}
        className={`flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="h-4 w-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
        >
          <path
            fillRule="evenodd"
            d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0z"
            clipRule="evenodd"
          />
        </svg>
        <span>{title}</span>
      </summary>
      <div ref={contentRef}>
        <div className="px-3 pb-3 pt-1">{children}</div>
      </div>
    </details>
  );
}
