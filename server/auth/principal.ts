import { eq } from "drizzle-orm";
import type { AuditActor } from "../audit/schema";
import type { Db } from "../db/database";
import { isAllowed, type Grant } from "../permissions/engine";
import { loadGrants } from "../permissions/service";
import { users } from "../users/schema";
import { isSessionActive } from "./sessions";
import type { TokenService } from "./tokens";

/** The signed-in caller of one API request. Grants are loaded once per request, on first use. */
export interface Principal {
  userId: string;
  email: string;
  displayName: string;
  homeCompanyId: string;
  sessionId: string | null;
  actor: AuditActor;
  grants(): Promise<Grant[]>;
  can(address: string): Promise<boolean>;
}

export type Authentication =
  | { kind: "anonymous" }
  | { kind: "invalid"; reason: string }
  | { kind: "user"; principal: Principal };

/** Reads the Bearer token, verifies it, and loads the user, who must exist and be neither blocked nor deleted. */
export async function authenticate(request: Request, db: Db, tokens: TokenService): Promise<Authentication> {
  const header = request.headers.get("authorization");
  if (!header) return { kind: "anonymous" };
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header.trim());
  if (!match) return { kind: "invalid", reason: "The Authorization header is not a Bearer token." };
  const claims = await tokens.verifyAccessToken(match[1]!);
  if (!claims) return { kind: "invalid", reason: "The access token is invalid or has expired." };
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      homeCompanyId: users.homeCompanyId,
      isBlocked: users.isBlocked,
      isDeleted: users.isDeleted,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (!user || user.isDeleted) return { kind: "invalid", reason: "The account no longer exists." };
  if (user.isBlocked) return { kind: "invalid", reason: "The account is blocked." };
  // A token of a grant that was ended (logout, refresh-token reuse, password reset) stops working at once.
  if (claims.sessionId && !(await isSessionActive(db, claims.sessionId))) {
    return { kind: "invalid", reason: "The session has ended." };
  }
  return { kind: "user", principal: createPrincipal(db, user, claims.sessionId) };
}

export function createPrincipal(
  db: Db,
  user: { id: string; email: string; displayName: string; homeCompanyId: string },
  sessionId: string | null,
): Principal {
  let grants: Promise<Grant[]> | undefined;
  const load = () => (grants ??= loadGrants(db, user.id));
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    homeCompanyId: user.homeCompanyId,
    sessionId,
    actor: { type: "user", id: user.id, displayName: user.displayName, email: user.email },
    grants: load,
    async can(address) {
      return isAllowed(address, await load(), { companyId: user.homeCompanyId });
    },
  };
}
