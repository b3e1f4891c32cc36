import { permissionAddress } from "../contracts/calls/define";
import { studyCalls } from "../contracts/calls/studies";
import { defineRoute } from "../http/route";
import { companyStudies, listStudies, studiesKey } from "./service";

export const studyRoutes = [
  defineRoute({
    call: studyCalls.list,
    access: "permission",
    handler: async ({ db, params, body, principal, cached }) => {
      const { companyId } = params;
      const rows = await cached(studiesKey(companyId), () => companyStudies(db, companyId));
      return listStudies(rows, body, (studyName) =>
        principal.can(permissionAddress(studyCalls.get, { companyId, studyName })),
      );
    },
  }),
  defineRoute({
    call: studyCalls.get,
    access: "permission",
    scope: "study",
    handler: async ({ scope }) => scope.study,
  }),
];
