import { shellCalls } from "../contracts/calls/shell";
import { defineRoute } from "../http/route";
import { studyKey } from "../http/scope";
import { loadShell } from "./service";

export const shellRoutes = [
  defineRoute({
    call: shellCalls.get,
    // Any signed-in user may ask; each part is then decided by the permission of the call it stands for, so a part
    // the caller may not make comes back refused, as that call would answer (ADR 0062).
    access: "authenticated",
    handler: async ({ deps, db, cached, principal, params, body }) =>
      loadShell({
        db,
        cached,
        config: deps.config,
        principal,
        studyKey,
        companyId: params.companyId,
        studyName: body.studyName ?? null,
        asked: body.permissions,
      }),
  }),
];
