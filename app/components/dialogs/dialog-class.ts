/** The <dialog> element's classes: the implementation's (./DialogBox.tsx) and its closed stand-in's (./Dialog.tsx). */
export const dialogClass = (size: "md" | "lg" = "md") =>
  `fixed inset-0 z-50 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] ${
    size === "lg" ? "max-w-2xl" : "max-w-md"
  } overflow-auto rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`;
