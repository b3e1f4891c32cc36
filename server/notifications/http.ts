import type { Principal } from "../auth/principal";
import { notificationCalls } from "../contracts/calls/notifications";
import { defineRoute, type RouteContext } from "../http/route";
import { countOwnUnread, countUnread } from "./service";

type CountContext = RouteContext<{ studyName: string | null }, Principal, { readonly userId?: string }>;

/** A user's unread notifications; one's own are cached by one's notifications version (server/auth/principal.ts). */
async function count({ db, principal, body, params, cached, pathname }: CountContext) {
  const userId = params.userId ?? principal.userId;
  if (userId !== principal.userId) {
    // Another user's: only the notifications of the companies from which the caller may ask.
    const companies = await principal.companiesReached(pathname.slice(1));
    return countUnread(db, userId, body.studyName, companies);
  }
  return countOwnUnread(db, cached, principal, body.studyName);
}

export const notificationRoutes = [
  defineRoute({
    call: notificationCalls.countMine,
    // Anyone may count their own notifications.
    access: "permission",
    self: true,
    handler: count,
  }),
  defineRoute({
    call: notificationCalls.count,
    // One's own are always readable; another user's need the permission on this address.
    access: "permission",
    self: true,
    handler: count,
  }),
];
