// The risk assessment results' view for the server's render (ADR 0064): an empty module in the browser, which loads
// it as a chunk (./ResultsView.tsx).
export * from "./ResultsPage";
