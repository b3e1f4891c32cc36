import { notFound } from "../http/problem";
import { defineRoute } from "../http/route";
import { getCompany } from "./service";

export const companyRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/get",
    access: "permission",
    handler: async ({ db, params, cached }) => {
      const companyId = params.companyId!;
      const company = await cached(`company:${companyId}`, () => getCompany(db, companyId));
      if (!company) throw notFound("The company does not exist.");
      return company;
    },
  }),
];
