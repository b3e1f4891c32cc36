import { defineRoute } from "../http/route";
import { listCompanyUsers } from "./service";

export const userRoutes = [
  defineRoute({
    method: "POST",
    path: "/companies/:companyId/users/get",
    access: "permission",
    handler: ({ db, params }) => listCompanyUsers(db, params.companyId!),
  }),
];
