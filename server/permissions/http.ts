import { permissionCheckRequestSchema, type PermissionCheckResponse } from "../contracts/permissions";
import { defineRoute } from "../http/route";
import { checkAddresses } from "./service";

export const permissionRoutes = [
  defineRoute({
    method: "POST",
    path: "/auth/permissions/check",
    // Any signed-in user may ask about their own permissions.
    access: "authenticated",
    body: permissionCheckRequestSchema,
    handler: async ({ body, principal }): Promise<PermissionCheckResponse> => ({
      permissionCheckResults: checkAddresses(
        body.permissions.map((p) => p.url),
        await principal.grants(),
        { companyId: principal.homeCompanyId },
      ),
    }),
  }),
];
