import { authCalls } from "../contracts/calls/auth";
import type { PermissionCheckResponse } from "../contracts/permissions";
import { defineRoute } from "../http/route";
import { checkAddresses } from "./service";

export const permissionRoutes = [
  defineRoute({
    call: authCalls.checkPermissions,
    // Any signed-in user may ask about their own permissions.
    access: "authenticated",
    // The same decision as every call's own check (principal.can), so the two always agree.
    handler: async ({ body, principal }): Promise<PermissionCheckResponse> => {
      const addresses = body.permissions.map((p) => p.url);
      await principal.prepare(addresses);
      return { permissionCheckResults: await checkAddresses(addresses, (address) => principal.can(address)) };
    },
  }),
];
