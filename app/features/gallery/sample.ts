/** The test page's sample form: every field kind of the kit, checked by the server on "Check" (/ng/testHeader). */
import { RISK_CATEGORIES } from "@server/contracts/risk-categories";
import * as z from "zod/mini";
import {
  checkboxField,
  dateField,
  emailField,
  fileField,
  MAX_LENGTH,
  passwordField,
  selectField,
  textField,
} from "~/lib/validation";

/** The 13 risk categories (001 §3 "Risk row and risk categories"): values as the API has them; labels in locales. */
export { RISK_CATEGORIES };

/** Each category's locale key (kit.riskCategory.*). */
export const RISK_CATEGORY_KEYS: Record<(typeof RISK_CATEGORIES)[number], string> = {
  Blinding: "blinding",
  "Data Collection Procedures": "dataCollectionProcedures",
  Geography: "geography",
  IMP: "imp",
  "IMP Supply Chain": "impSupplyChain",
  "Operational Complexity": "operationalComplexity",
  "Organizational Experience": "organizationalExperience",
  Safety: "safety",
  "Study Complexity": "studyComplexity",
  "Study Endpoints": "studyEndpoints",
  "Study Phase": "studyPhase",
  "Subject Population": "subjectPopulation",
  Technology: "technology",
};

export const SAMPLE_INTENT = "checkSample";

export const sampleSchema = z.object({
  intent: z.literal(SAMPLE_INTENT),
  title: textField({ required: true, trim: true, maxLength: MAX_LENGTH.text }),
  email: emailField({ required: true }),
  password: passwordField(),
  notes: textField({ trim: true, maxLength: MAX_LENGTH.textarea }),
  file: fileField(),
  category: selectField(RISK_CATEGORIES, { required: true }),
  critical: checkboxField(),
  due: dateField(),
  busy: z.optional(z.string()),
});
