import { index, pgTable, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { createdAt, utcTimestamp } from "../db/columns";
import { studies } from "../studies/schema";
import { users } from "../users/schema";

/**
 * A user's notifications (the bell in the header counts the unread ones, 000 §2.6, §7). Written by the product itself,
 * for example when a protocol analysis is ready; read and managed on the notifications page.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    /** The study it is about; null for company-wide news. */
    studyId: text("study_id").references(() => studies.id),
    message: text("message").notNull(),
    /** An in-product address to open, when there is one. */
    link: text("link"),
    readAt: utcTimestamp("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_unread_idx").on(t.userId, t.readAt),
    index("notifications_study_idx").on(t.studyId),
  ],
);
