// The list's dialogs for the server's render (ADR 0051): an empty module in the browser, which loads them when opened.
export * from "./ListDialogs";
