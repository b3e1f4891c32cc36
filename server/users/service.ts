import { asc, eq } from "drizzle-orm";
import type { CompanyUserList } from "../contracts/companies";
import type { Db } from "../db/database";
import { companyMembers, users } from "./schema";

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
