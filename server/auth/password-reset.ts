import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import {
  MIN_PASSWORD_LENGTH,
  RESET_TOKEN_TTL_SECONDS,
  ResetResult,
  isValidEmail,
  normaliseEmail,
} from "../contracts/auth";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { ServiceDeps } from "../deps";
import { ApiError, validationFailed } from "../http/problem";
import type { AuditScope } from "../http/route";
import { mailText } from "../mail/templates";
import { hashPassword } from "../users/passwords";
import { users } from "../users/schema";
import { findUserByEmail } from "../users/service";
import { passwordResetTokens } from "./schema";
import { revokeUserSessions } from "./sessions";
import { ssoCompanyFor } from "./sso";
import { accountKey, claimAttempt } from "./throttle";

const hashToken = (token: string) => crypto.createHash("sha256").update(`reset:${token}`).digest("hex");

/**
 * POST /api/auth/sendResetPasswordEmail. An unknown address gets the same success as a known one. Single sign-on and
 * e-mailed-code accounts get their own codes, as the spec requires (000 §8), since they cannot reset a password here.
 * The link is built from PUBLIC_URL, never from the request's Host header.
 */
export async function sendResetPasswordEmail(deps: ServiceDeps, db: Db, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).toLowerCase();
  if (!isValidEmail(email)) throw validationFailed([{ path: "Email", message: "Value is not a valid email address" }]);
  const key = accountKey(`reset:${email}`);
  // Every request counts against the address, claimed in one statement: five links per window, then none until the
  // window ends (against mail bombing; README "Limits").
  const claim = await claimAttempt(db, key, "perWindow");
  if (!claim.ok) {
    throw new ApiError(429, ResetResult.TooManyAttempts, "Too many reset requests.", {
      retryAfterSeconds: claim.retryAfterSeconds,
    });
  }

  const user = await findUserByEmail(db, email);
  const account = user && !user.isDeleted ? user : undefined;
  if (await ssoCompanyFor(db, email, account?.homeCompanyId)) {
    throw new ApiError(400, ResetResult.SsoUserCanNotResetPassword, "The company signs in through single sign-on.");
  }
  if (!account || account.isBlocked) return;
  if (account.mfaByEmail) {
    throw new ApiError(400, ResetResult.MFAUserCanNotResetPassword, "The account signs in with an e-mailed code.");
  }

  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(passwordResetTokens).values({
    id: newId(),
    userId: account.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
  });
  const link = new URL("/ng/setNewPassword", `${deps.config.publicUrl}/`);
  link.searchParams.set("token", token);
  link.searchParams.set("userId", account.id);
  await deps.mail.enqueue(db, {
    to: account.email,
    ...mailText("resetPassword", {
      name: account.displayName,
      link: link.toString(),
      minutes: String(RESET_TOKEN_TTL_SECONDS / 60),
      productName: deps.config.product.productName,
    }),
  });
  deps.mail.kick();
}

/**
 * POST /api/auth/resetPassword: a token works once, within its hour, for its user. Success changes the password,
 * spends every open link of the user and ends their sessions. Audited (the caller runs it in the audit transaction).
 */
export async function resetPassword(
  db: Db,
  audit: AuditScope,
  input: { password: string; confirmPassword: string; token: string; userId: string },
): Promise<void> {
  const password = input.password.trim();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ApiError(
      400,
      ResetResult.PasswordTooShort,
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    );
  }
  if (input.confirmPassword.trim() !== password)
    throw new ApiError(400, ResetResult.PasswordMismatch, "The passwords are not the same.");

  const outdated = () => new ApiError(400, ResetResult.WrongCredentials, "The link is out of date.");
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(input.token)), eq(passwordResetTokens.userId, input.userId)))
    .for("update")
    .limit(1);
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw outdated();
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user || user.isDeleted || user.isBlocked || user.mfaByEmail) throw outdated();

  const now = new Date();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, user.id));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
  await revokeUserSessions(db, user.id, "password reset");
  audit.setRequester({ type: "user", id: user.id, displayName: user.displayName, email: user.email });
  audit.setContext({
    level: "Company",
    companyId: user.homeCompanyId,
    studyId: null,
    contextOfChange: { id: user.homeCompanyId, type: "Company" },
  });
  audit.change({ id: user.id, passwordChangedAt: user.passwordChangedAt }, { id: user.id, passwordChangedAt: now });
}
