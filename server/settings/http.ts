import { settingsCalls } from "../contracts/calls/settings";
import { defineRoute } from "../http/route";
import { buildSettings } from "./service";

export const settingsRoutes = [
  defineRoute({
    call: settingsCalls.get,
    access: "public",
    handler: async ({ deps, principal }) => buildSettings(deps.config, principal),
  }),
];
