// parseSubmission for a route's action, without bringing the form runtime into the route's browser module (ADR 0050:
// a page on the kit's light engine loads conform and zod only after its first paint).
export { parseSubmission } from "./schema";
