/** Pure data, without zod, so that pages may import it into the browser. */
/** The 13 risk categories of 001 §3. */
export const RISK_CATEGORIES = [
  "Blinding",
  "Data Collection Procedures",
  "Geography",
  "IMP",
  "IMP Supply Chain",
  "Operational Complexity",
  "Organizational Experience",
  "Safety",
  "Study Complexity",
  "Study Endpoints",
  "Study Phase",
  "Subject Population",
  "Technology",
] as const;
