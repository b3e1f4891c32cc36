import type { ReactNode } from "react";

export interface PanelProps {
  /** The heading's id: the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** "lg": a roomier box with a larger heading (a page of a few panels). */
  size?: "md" | "lg";
  /** The space above the box. */
  spacing?: "mt-6" | "mt-8";
  children: ReactNode;
}

/** A titled section of a page: a white box with its h2, the section labelled by it. */
export function Panel({ id, title, size = "md", spacing = "mt-6", children }: PanelProps) {
  return (
    <section
      aria-labelledby={id}
      className={`${spacing} rounded-lg border border-slate-200 bg-white ${size === "lg" ? "p-6" : "p-4"}`}
    >
      <h2 id={id} className={size === "lg" ? "text-lg font-semibold text-slate-900" : "font-semibold text-slate-900"}>
        {title}
      </h2>
      {children}
    </section>
  );
}
