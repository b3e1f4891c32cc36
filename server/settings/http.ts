import { defineRoute } from "../http/route";
import { buildSettings } from "./service";

export const settingsRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/settings",
    access: "public",
    handler: async ({ deps, principal }) => buildSettings(deps.config, principal),
  }),
];
