import { ractCalls } from "../contracts/calls/ract";
import { defineRoute } from "../http/route";
import { importIntoRact, workingDraft } from "./service";

export const ractRoutes = [
  defineRoute({
    call: ractCalls.import,
    access: "permission",
    audit: { displayText: "Insert in RACT" },
    scope: "study",
    handler: ({ db, scope, body, principal, audit }) => importIntoRact(db, scope, principal.userId, body, audit),
  }),
  defineRoute({
    call: ractCalls.workingDraft,
    access: "permission",
    scope: "study",
    handler: ({ db, scope }) => workingDraft(db, scope),
  }),
];
