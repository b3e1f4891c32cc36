import { ractImportSchema } from "../contracts/protocol-analysis";
import { defineRoute } from "../http/route";
import { importIntoRact, workingDraft } from "./service";

export const ractRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/legacyRact/import",
    access: "permission",
    body: ractImportSchema,
    audit: { displayText: "Insert in RACT" },
    handler: ({ db, params, body, principal, audit }) =>
      importIntoRact(db, params.companyId!, params.studyName!, principal.userId, body, audit),
  }),
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/legacyRact/workingDraft/get",
    access: "permission",
    handler: ({ db, params }) => workingDraft(db, params.companyId!, params.studyName!),
  }),
];
