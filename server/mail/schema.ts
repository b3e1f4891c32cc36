import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, utcTimestamp } from "../db/columns";

/**
 * The mail outbox: a message is written in the same transaction as the change that causes it,
 * then delivered (with retries) by the dispatcher. Nothing is lost when SMTP is down.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status").$type<"pending" | "sending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: utcTimestamp("next_attempt_at").notNull().defaultNow(),
    lockedUntil: utcTimestamp("locked_until"),
    sentAt: utcTimestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);
