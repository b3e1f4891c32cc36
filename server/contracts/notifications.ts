import { z } from "zod";

/** POST /api/users/me/notifications/get (or /users/{id}/…): multipart, optional studyName (000 §7). */
export const notificationCountRequestSchema = z
  .object({ studyName: z.string().trim().min(1).max(200).optional() })
  .passthrough()
  .transform(({ studyName }) => ({ studyName: studyName ?? null }));

export interface NotificationCount {
  /** The user's unread notifications (about the given study when one was named). */
  totalRecords: number;
}
