import { studyListRequestSchema } from "../contracts/studies";
import { notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { companyStudies, getStudy, listStudies } from "./service";

export const studyRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/get",
    access: "permission",
    body: studyListRequestSchema,
    handler: async ({ db, params, body, principal, cached }) => {
      const companyId = params.companyId!;
      const rows = await cached(`studies:${companyId}`, () => companyStudies(db, companyId));
      return listStudies(rows, body, (studyName) =>
        principal.can(`api/companies/${encodeURIComponent(companyId)}/studies/${encodeURIComponent(studyName)}/get`),
      );
    },
  }),
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/get",
    access: "permission",
    handler: async ({ db, params, cached }) => {
      const companyId = params.companyId!;
      const studyName = params.studyName!;
      const study = await cached(`study:${companyId}:${studyName}`, () => getStudy(db, companyId, studyName));
      if (!study) throw notFound("The study does not exist.");
      return study;
    },
  }),
];
