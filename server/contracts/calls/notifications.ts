import { notificationCountRequestSchema, type NotificationCount } from "../notifications";
import { answer, defineCall } from "./define";

export const notificationCalls = {
  /** 000 §7: multipart, optional studyName; totalRecords is the unread count for the bell. */
  countMine: defineCall({
    method: "POST",
    path: "/users/me/notifications/get",
    body: notificationCountRequestSchema,
    answer: answer<NotificationCount>(),
  }),
  /** Another user's (or one's own by id). */
  count: defineCall({
    method: "POST",
    path: "/users/:userId/notifications/get",
    body: notificationCountRequestSchema,
    answer: answer<NotificationCount>(),
  }),
};
