import { ractImportSchema, type RactDraftList, type RactImportBody } from "../protocol-analysis";
import { answer, defineCall } from "./define";

const BASE = "/companies/:companyId/studies/:studyName/legacyRact";

/** The RACT import of the Protocol Analysis Tool (001 §7). */
export const ractCalls = {
  import: defineCall({
    method: "POST",
    path: `${BASE}/import`,
    body: ractImportSchema,
    answer: answer<RactImportBody>(),
  }),
  workingDraft: defineCall({ method: "POST", path: `${BASE}/workingDraft/get`, answer: answer<RactDraftList>() }),
};
