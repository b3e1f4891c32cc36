import { studyListRequestSchema } from "../contracts/studies";
import { notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { getStudy, listStudies } from "./service";

export const studyRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/get",
    access: "permission",
    body: studyListRequestSchema,
    handler: ({ db, params, body, principal }) =>
      listStudies(db, params.companyId!, body, (studyName) =>
        principal.can(`api/companies/${encodeURIComponent(params.companyId!)}/studies/${encodeURIComponent(studyName)}/get`),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/get",
    access: "permission",
    handler: async ({ db, params }) => {
      const study = await getStudy(db, params.companyId!, params.studyName!);
      if (!study) throw notFound("The study does not exist.");
      return study;
    },
  }),
];
