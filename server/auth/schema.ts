import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { createdAt, utcTimestamp } from "../db/columns";
import { users } from "../users/schema";

/** Token signing keys, shared by every instance. The private half is encrypted with a key derived from APP_SECRET. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text("private_jwk_encrypted").notNull(),
  createdAt: createdAt(),
  retiredAt: utcTimestamp("retired_at"),
});

/**
 * A sign-in grant: one per sign-in (password, code, SAML, OIDC) or per authorization code a client redeemed.
 * Every refresh token belongs to one; revoking it ends them all (logout, reuse of a rotated refresh token,
 * password reset).
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** How the user proved who they are: password, password+code, saml, oidc. */
    method: text("method").notNull(),
    /** The OAuth client the grant was issued to; null for the product's own web app. */
    clientId: text("client_id"),
    createdAt: createdAt(),
    lastUsedAt: utcTimestamp("last_used_at").notNull().defaultNow(),
    /** Absolute end of the grant, whatever the refreshes. */
    expiresAt: utcTimestamp("expires_at").notNull(),
    revokedAt: utcTimestamp("revoked_at"),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/** Refresh tokens by jti. Each is used once: using it rotates it; using a rotated one revokes the grant. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
    rotatedAt: utcTimestamp("rotated_at"),
    replacedBy: text("replaced_by"),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** The e-mailed code of a sign-in attempt; one per user, so a resend overwrites the previous code. */
export const signInChallenges = pgTable("sign_in_challenges", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  attemptId: text("attempt_id").notNull(),
  codeHash: text("code_hash").notNull(),
  createdAt: utcTimestamp("created_at").notNull(),
  expiresAt: utcTimestamp("expires_at").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  consumedAt: utcTimestamp("consumed_at"),
  /** Codes sent in the current window, against mail bombing. */
  sentInWindow: integer("sent_in_window").notNull().default(1),
  windowStartedAt: utcTimestamp("window_started_at").notNull(),
});

/** Failed sign-ins per account key (a hash of the normalised e-mail, so unknown addresses behave alike). */
export const signInThrottles = pgTable("sign_in_throttles", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: utcTimestamp("window_started_at").notNull(),
  lockedUntil: utcTimestamp("locked_until"),
});

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: utcTimestamp("expires_at").notNull(),
    usedAt: utcTimestamp("used_at"),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/** Authorization codes of the /ng/oidc/login endpoint: single-use, short-lived, bound to client, redirect and challenge. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  nonce: text("nonce"),
  createdAt: createdAt(),
  expiresAt: utcTimestamp("expires_at").notNull(),
  usedAt: utcTimestamp("used_at"),
  /** The grant issued for the code, revoked if the code is presented again. */
  sessionId: text("session_id"),
});

/** Outstanding single sign-on requests (SAML AuthnRequest ids, OIDC logins): relay state and InResponseTo checks. */
export const ssoRequests = pgTable("sso_requests", {
  id: text("id").primaryKey(),
  companyId: text("company_id")
    .notNull()
    .references(() => companies.id),
  protocol: text("protocol").notNull(),
  email: text("email"),
  continueUrl: text("continue_url"),
  data: jsonb("data").$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  expiresAt: utcTimestamp("expires_at").notNull(),
  consumedAt: utcTimestamp("consumed_at"),
});

/** Assertions (SAML assertion ids, OIDC id-token hashes) already used: each signs in once. */
export const ssoAssertionsSeen = pgTable("sso_assertions_seen", {
  key: text("key").primaryKey(),
  companyId: text("company_id").notNull(),
  seenAt: createdAt(),
  expiresAt: utcTimestamp("expires_at").notNull(),
});
