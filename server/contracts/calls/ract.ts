import { ractImportSchema, type RactDraftList, type RactImportBody } from "../protocol-analysis";
import { answer, STUDY_PATH, defineCall } from "./define";

const BASE = `${STUDY_PATH}/legacyRact` as const;

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
