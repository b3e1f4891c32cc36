import { companyCalls } from "../contracts/calls/companies";
import { defineRoute } from "../http/route";

export const companyRoutes = [
  defineRoute({
    call: companyCalls.get,
    access: "permission",
    scope: "company",
    handler: async ({ scope }) => scope.company,
  }),
];
