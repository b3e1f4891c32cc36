import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { CompanyUserList } from "../contracts/companies";
import type { Db } from "../db/database";
import { companyMembers, users } from "./schema";

/** A user's account as the sign-in flows read it: every column but the picture's bytes. */
const accountColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  isBlocked: users.isBlocked,
  isDeleted: users.isDeleted,
  mfaByEmail: users.mfaByEmail,
  ssoSubject: users.ssoSubject,
  homeCompanyId: users.homeCompanyId,
};

export type UserAccount = Awaited<ReturnType<typeof findUserByEmail>>;

/**
 * The account with this e-mail address, whatever its case (the unique index is on lower(email)), with any further
 * condition (`also`), or undefined. `email` is the normalised, lower-case address.
 */
export async function findUserByEmail(db: Db, email: string, also?: SQL) {
  const byEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
  const [user] = await db
    .select(accountColumns)
    .from(users)
    .where(also ? and(byEmail, also) : byEmail)
    .limit(1);
  return user;
}

/**
 * The user with this id as tokens name them (id, e-mail, name), when the account may still sign in: undefined for an
 * unknown, blocked or deleted account.
 */
export async function findSignInUser(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      isBlocked: users.isBlocked,
      isDeleted: users.isDeleted,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.isBlocked || user.isDeleted) return undefined;
  return { id: user.id, email: user.email, displayName: user.displayName };
}

export async function listCompanyUsers(db: Db, companyId: string): Promise<CompanyUserList> {
  const items = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      isBlocked: users.isBlocked,
      isDeleted: users.isDeleted,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.displayName), asc(users.id));
  return { items };
}

/** A user's profile picture, when they have one. */
export async function getProfilePicture(db: Db, userId: string): Promise<{ data: Buffer; contentType: string } | null> {
  const [row] = await db
    .select({ data: users.profilePictureData, contentType: users.profilePictureContentType })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.data || !row.contentType) return null;
  return { data: row.data, contentType: row.contentType };
}
