import { notificationCountRequestSchema } from "../contracts/notifications";
import { forbidden } from "../http/problem";
import { defineRoute } from "../http/route";
import { countUnread } from "./service";

export const notificationRoutes = [
  defineRoute({
    method: "POST",
    path: "/users/me/notifications/get",
    // Any signed-in user may count their own notifications.
    access: "authenticated",
    body: notificationCountRequestSchema,
    // Cached per user by their notifications version, which the caller's own query reads (server/auth/principal.ts).
    handler: ({ db, principal, body, cached }) =>
      cached(`notifications:${principal.userId}:${principal.notificationsVersion}:${body.studyName ?? ""}`, () =>
        countUnread(db, principal.userId, body.studyName),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/users/:userId/notifications/get",
    // Another user's notifications need the permission on this address; one's own are always readable.
    access: "authenticated",
    body: notificationCountRequestSchema,
    handler: async ({ db, principal, body, params, request }) => {
      if (params.userId !== principal.userId && !(await principal.can(new URL(request.url).pathname.slice(1)))) {
        throw forbidden();
      }
      return countUnread(db, params.userId!, body.studyName);
    },
  }),
];
