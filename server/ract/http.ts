import { ractCalls } from "../contracts/calls/ract";
import { defineRoute } from "../http/route";
import { importIntoRact, workingDraft } from "./service";

export const ractRoutes = [
  defineRoute({
    call: ractCalls.import,
    access: "permission",
    audit: { displayText: "Insert in RACT" },
    handler: ({ db, params, body, principal, audit }) =>
      importIntoRact(db, params.companyId, params.studyName, principal.userId, body, audit),
  }),
  defineRoute({
    call: ractCalls.workingDraft,
    access: "permission",
    handler: ({ db, params }) => workingDraft(db, params.companyId, params.studyName),
  }),
];
