import { and, count, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Principal } from "../auth/principal";
import type { NotificationCount } from "../contracts/notifications";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import { studies } from "../studies/schema";
import { notifications } from "./schema";

/**
 * The number of a user's unread notifications, all of them or those about studies of that name (000 §7); only those
 * of the given companies when `companies` is a list (another user's, seen from the caller's companies).
 */
export async function countUnread(
  db: Db,
  userId: string,
  studyName?: string | null,
  companies: "all" | readonly string[] = "all",
): Promise<NotificationCount> {
  if (companies !== "all" && companies.length === 0) return { totalRecords: 0 };
  const conditions: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (companies !== "all") conditions.push(inArray(notifications.companyId, [...companies]));
  if (studyName) {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .innerJoin(studies, eq(studies.id, notifications.studyId))
      .where(and(...conditions, eq(studies.name, studyName)));
    return { totalRecords: Number(row?.value ?? 0) };
  }
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(...conditions));
  return { totalRecords: Number(row?.value ?? 0) };
}

/** The caller's own unread count, cached by their notifications version (server/auth/principal.ts). */
export function countOwnUnread(
  db: Db,
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>,
  principal: Pick<Principal, "userId" | "notificationsVersion">,
  studyName: string | null,
): Promise<NotificationCount> {
  const { userId, notificationsVersion } = principal;
  return cached(`notifications:${userId}:${notificationsVersion}:${studyName ?? ""}`, () =>
    countUnread(db, userId, studyName),
  );
}

export interface NewNotification {
  userId: string;
  companyId: string;
  studyId?: string | null;
  message: string;
  link?: string | null;
}

/** Adds notifications; called inside the transaction of the change that causes them. */
export async function addNotifications(db: Db, items: readonly NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((item) => ({
      id: newId(),
      userId: item.userId,
      companyId: item.companyId,
      studyId: item.studyId ?? null,
      message: item.message,
      link: item.link ?? null,
    })),
  );
}
