import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  LoginResult,
  SECURITY_CODE_LENGTH,
  SECURITY_CODE_MAX_ATTEMPTS,
  SECURITY_CODE_MAX_SENDS,
  SECURITY_CODE_TTL_SECONDS,
  isValidEmail,
  normaliseEmail,
  type SecurityCodeSentData,
} from "../contracts/auth";
import type { Db } from "../db/database";
import { newId } from "../db/ids";
import type { ServiceDeps } from "../deps";
import { ApiError, validationFailed } from "../http/problem";
import { mailText } from "../mail/templates";
import { hashPassword, verifyPassword } from "../users/passwords";
import { findUserByEmail } from "../users/service";
import { signInChallenges } from "./schema";
import { startSession, type TokenSet } from "./sessions";
import { ssoCompanyFor } from "./sso";
import { accountKey, claimAttempt, clearFailures, lockedForSeconds, WINDOW_SECONDS } from "./throttle";

export interface LoginInput {
  email: string;
  password?: string;
  securityCode?: string;
  attemptId?: string;
}

const fail = (status: number, code: string, detail: string, additionalData?: unknown) =>
  new ApiError(status, code, detail, additionalData);

/** Compared against when there is no account, so a wrong address costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex")));

export const hashCode = (code: string) => crypto.createHash("sha256").update(`sign-in-code:${code}`).digest("hex");

/**
 * POST /api/auth/login (000 §4.1). The e-mail step answers WrongCredentials ("ask for the password") for every
 * address that is not single sign-on, known or not; only a correct password tells anything about the account.
 */
export async function login(deps: ServiceDeps, db: Db, input: LoginInput): Promise<TokenSet> {
  const email = normaliseEmail(input.email).toLowerCase();
  if (!isValidEmail(email)) throw validationFailed([{ path: "Email", message: "Value is not a valid email address" }]);
  const key = accountKey(email);
  const tooMany = (retryAfterSeconds: number) =>
    fail(429, LoginResult.TooManyAttempts, "Too many failed attempts for this account.", { retryAfterSeconds });
  const wait = await lockedForSeconds(db, key);
  if (wait > 0) throw tooMany(wait);

  const user = await findUserByEmail(db, email);
  const account = user && !user.isDeleted ? user : undefined;

  const sso = await ssoCompanyFor(db, email, account?.homeCompanyId);
  if (sso) {
    const code = sso.protocol === "oidc" ? LoginResult.OidcAuthenticationNeeded : LoginResult.SamlAuthenticationNeeded;
    throw fail(400, code, "This account signs in through the company's identity provider.", { protocol: sso.protocol });
  }

  if (!input.password) throw fail(400, LoginResult.WrongCredentials, "Enter the password.");

  // From here the attempt counts as a failure unless it turns out not to be one (server/auth/throttle.ts).
  const claim = await claimAttempt(db, key, "signIn");
  if (!claim.ok) throw tooMany(claim.retryAfterSeconds);
  const passwordOk = account?.passwordHash
    ? await verifyPassword(account.passwordHash, input.password)
    : (await verifyPassword(await timingDummy(), input.password), false);
  if (!account || !passwordOk)
    throw fail(400, LoginResult.WrongCredentials, "The e-mail address or the password is wrong.");
  if (account.isBlocked) {
    await claim.release();
    throw fail(403, LoginResult.Denied, "The account is restricted from signing in.");
  }

  let method: "password" | "password+code" = "password";
  if (account.mfaByEmail) {
    if (!input.securityCode) {
      // The right password, now waiting for its code: no failure.
      await claim.release();
      const data = await sendSecurityCode(deps, db, account);
      throw fail(400, LoginResult.SecurityCodeSent, "A code was sent to the e-mail address.", data);
    }
    if (!(await consumeSecurityCode(db, account.id, input.securityCode, input.attemptId))) {
      throw fail(400, LoginResult.WrongCredentials, "The code is wrong, was already used or has expired.");
    }
    method = "password+code";
  }

  await clearFailures(db, key);
  const { tokens, sessionId } = await startSession(deps, db, { user: account, method });
  deps.logger.info({ userId: account.id, sessionId, method }, "signed in");
  return tokens;
}

/** Creates (or overwrites) the user's challenge and e-mails its code. */
async function sendSecurityCode(
  deps: ServiceDeps,
  db: Db,
  user: { id: string; email: string; displayName: string },
): Promise<SecurityCodeSentData> {
  const now = new Date();
  const code = crypto
    .randomInt(0, 10 ** SECURITY_CODE_LENGTH)
    .toString()
    .padStart(SECURITY_CODE_LENGTH, "0");
  const attemptId = newId();
  const fresh = {
    attemptId,
    codeHash: hashCode(code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SECURITY_CODE_TTL_SECONDS * 1000),
    failedAttempts: 0,
    consumedAt: null,
  };
  // Counted and replaced in one statement, refused beyond the window's sends: codes asked for at the same time
  // cannot pass the limit together. (In ON CONFLICT … SET the expressions read the row as it was.)
  const sent = sql.raw(`"sign_in_challenges"."sent_in_window"`);
  const started = sql.raw(`"sign_in_challenges"."window_started_at"`);
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowOpen = sql`(${started} > ${at} - ${sql.raw(`interval '${WINDOW_SECONDS} seconds'`)})`;
  const [claimed] = await db
    .insert(signInChallenges)
    .values({ userId: user.id, ...fresh, sentInWindow: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInChallenges.userId,
      set: {
        ...fresh,
        sentInWindow: sql`case when ${windowOpen} then ${sent} + 1 else 1 end`,
        windowStartedAt: sql`case when ${windowOpen} then ${started} else ${at} end`,
      },
      setWhere: sql`not ${windowOpen} or ${sent} < ${SECURITY_CODE_MAX_SENDS}`,
    })
    .returning({ userId: signInChallenges.userId });
  if (!claimed) {
    const [current] = await db
      .select({ windowStartedAt: signInChallenges.windowStartedAt })
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, user.id));
    const windowEnds = (current?.windowStartedAt.getTime() ?? now.getTime()) + WINDOW_SECONDS * 1000;
    throw fail(429, LoginResult.TooManyAttempts, "Too many codes were sent to this account.", {
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
    });
  }
  const { product } = deps.config;
  await deps.mail.enqueue(db, {
    to: user.email,
    ...mailText("securityCode", {
      name: user.displayName,
      code,
      minutes: String(SECURITY_CODE_TTL_SECONDS / 60),
      productName: product.productName,
    }),
  });
  deps.mail.kick();
  return { attemptId, expiresInSeconds: SECURITY_CODE_TTL_SECONDS };
}

/**
 * True once for the right code of the current attempt, within its lifetime and its tries. Taken in one statement, so
 * the same code sent twice at once works once; a wrong one uses up a try in one statement too.
 */
async function consumeSecurityCode(
  db: Db,
  userId: string,
  code: string,
  attemptId: string | undefined,
): Promise<boolean> {
  const now = new Date();
  const [consumed] = await db
    .update(signInChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(signInChallenges.userId, userId),
        eq(signInChallenges.attemptId, attemptId ?? ""),
        eq(signInChallenges.codeHash, hashCode(code.replace(/\s+/g, ""))),
        isNull(signInChallenges.consumedAt),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.failedAttempts, SECURITY_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ userId: signInChallenges.userId });
  if (consumed) return true;
  await db
    .update(signInChallenges)
    .set({ failedAttempts: sql`${signInChallenges.failedAttempts} + 1` })
    .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.consumedAt)));
  return false;
}
