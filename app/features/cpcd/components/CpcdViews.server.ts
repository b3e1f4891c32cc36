// The CP&CD views for the server's render (ADR 0064): an empty module in the browser, which loads them as a chunk.
export * from "./CpcdViews";
