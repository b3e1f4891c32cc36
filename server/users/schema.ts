import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { bytea, createdAt, updatedAt, utcTimestamp } from "../db/columns";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    /** argon2id PHC string; null for users who sign in only through single sign-on. */
    passwordHash: text("password_hash"),
    passwordChangedAt: utcTimestamp("password_changed_at"),
    isBlocked: boolean("is_blocked").notNull().default(false),
    isDeleted: boolean("is_deleted").notNull().default(false),
    /** Sign-in needs a code e-mailed to the user after the password. */
    mfaByEmail: boolean("mfa_by_email").notNull().default(false),
    /** The user's subject (NameID or sub) at the company's identity provider. */
    ssoSubject: text("sso_subject"),
    /** The company whose context applies to calls that name none (settings, files, /studies/...). */
    homeCompanyId: text("home_company_id")
      .notNull()
      .references(() => companies.id),
    profilePictureData: bytea("profile_picture_data"),
    profilePictureContentType: text("profile_picture_content_type"),
    /**
     * Moves on with every change to the user's notifications (a trigger, migration 0004): the bell's count is cached
     * per user by it (docs/decisions/0021-fast-pages.md).
     */
    notificationsVersion: bigint("notifications_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_home_company_idx").on(t.homeCompanyId),
  ],
);

export const companyMembers = pgTable(
  "company_members",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index("company_members_user_idx").on(t.userId)],
);

export const groups = pgTable(
  "groups",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("groups_company_name_key").on(t.companyId, t.displayName)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => groups.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);
