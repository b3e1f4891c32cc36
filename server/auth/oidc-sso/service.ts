import crypto from "node:crypto";
import { and, eq, isNull, like, lt } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { companies } from "../../companies/schema";
import { isValidEmail, normaliseEmail } from "../../contracts/auth";
import {
  DEFAULT_OIDC_SCOPES,
  OidcSsoResult,
  oidcSsoConfigSchema,
  type OidcDiscovery,
  type OidcSsoConfig,
} from "../../contracts/oidc-sso";
import type { Db } from "../../db/database";
import type { ServiceDeps } from "../../deps";
import { ApiError } from "../../http/problem";
import { users } from "../../users/schema";
import { findUserByEmail } from "../../users/service";
import { ssoAssertionsSeen } from "../schema";
import { startSession, type TokenSet } from "../sessions";
import { ssoCompanyFor } from "../sso";
import { DiscoveryError, providerKeys, providerMetadata } from "./discovery";

/** An id token older than this (by its iat) is refused, however long the IdP let it live. */
export const ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;
/** Clock difference tolerated between the IdP and us. */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** Asymmetric algorithms only: a symmetric one would need a client secret, which the product never has. */
const ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];
const SEEN_PREFIX = "oidc:";

const failed = (detail = "Single sign-on did not succeed.", status = 400) =>
  new ApiError(status, OidcSsoResult.SsoFailed, detail);

interface OidcCompany {
  id: string;
  config: OidcSsoConfig;
}

function parseConfig(companyId: string, raw: unknown, deps: ServiceDeps): OidcSsoConfig {
  const parsed = oidcSsoConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    deps.logger.error(
      { companyId, issues: parsed.error.issues },
      "the company's OIDC single sign-on configuration is not valid",
    );
    throw failed("Single sign-on is not configured correctly for this company.");
  }
  return parsed.data;
}

const scopesOf = (config: OidcSsoConfig) => {
  const scopes = config.scopes && config.scopes.length > 0 ? [...config.scopes] : [...DEFAULT_OIDC_SCOPES];
  return scopes.includes("openid") ? scopes : ["openid", ...scopes];
};

async function metadataFor(deps: ServiceDeps, company: OidcCompany) {
  try {
    return await providerMetadata(company.config.issuer);
  } catch (error) {
    if (!(error instanceof DiscoveryError)) throw error;
    deps.logger.warn(
      { companyId: company.id, issuer: company.config.issuer, reason: error.message },
      "OIDC discovery failed",
    );
    throw failed("The company's identity provider cannot be reached.", 502);
  }
}

/**
 * POST /api/auth/sso/oidc/discover: the company that signs this address in through OIDC (by the address's domain,
 * or the home company of its account, as POST /api/auth/login decides), and where to send the browser.
 */
export async function discoverOidc(deps: ServiceDeps, db: Db, rawEmail: string): Promise<OidcDiscovery> {
  const email = normaliseEmail(rawEmail).toLowerCase();
  if (!isValidEmail(email)) throw failed("Enter a valid e-mail address.");
  const account = await findUserByEmail(db, email, eq(users.isDeleted, false));
  const sso = await ssoCompanyFor(db, email, account?.homeCompanyId);
  if (!sso || sso.protocol !== "oidc") throw failed("This address does not sign in through OpenID Connect.");
  const company = { id: sso.id, config: parseConfig(sso.id, sso.config, deps) };
  const metadata = await metadataFor(deps, company);
  return {
    companyId: company.id,
    issuer: metadata.issuer,
    authorizationEndpoint: metadata.authorizationEndpoint,
    tokenEndpoint: metadata.tokenEndpoint,
    clientId: company.config.clientId,
    scopes: scopesOf(company.config),
    issParameterSupported: metadata.issParameterSupported,
  };
}

export interface OidcLoginInput {
  companyId: string;
  idToken: string;
  nonce: string;
}

/**
 * POST /api/auth/sso/oidc/login: verifies the id token itself (OIDC Core §3.1.3.7) — signature by the IdP's keys,
 * iss, aud (and azp), exp, iat, nonce — accepts it once, finds the account and starts a session.
 */
export async function oidcLogin(deps: ServiceDeps, db: Db, input: OidcLoginInput): Promise<TokenSet> {
  const [row] = await db.select().from(companies).where(eq(companies.id, input.companyId)).limit(1);
  if (!row || row.ssoProtocol !== "oidc") throw failed();
  const company: OidcCompany = { id: row.id, config: parseConfig(row.id, row.ssoConfig, deps) };
  const metadata = await metadataFor(deps, company);

  const claims = await verifyIdToken(deps, company, metadata.jwksUri, input);
  await acceptOnce(db, company.id, input.idToken, claims);

  const user = await accountFor(db, company.id, claims);
  if (!user) {
    deps.logger.info({ companyId: company.id, sub: claims.sub }, "OIDC sign-in: no account for the subject");
    throw new ApiError(
      400,
      OidcSsoResult.SsoNoAccount,
      "The identity provider signed you in, but there is no account for you here.",
    );
  }
  if (user.isBlocked) throw new ApiError(400, OidcSsoResult.Denied, "The account is restricted from signing in.");

  const { tokens, sessionId } = await startSession(deps, db, { user, method: "oidc" });
  deps.logger.info({ userId: user.id, sessionId, method: "oidc", companyId: company.id }, "signed in");
  return tokens;
}

async function verifyIdToken(
  deps: ServiceDeps,
  company: OidcCompany,
  jwksUri: string,
  input: OidcLoginInput,
): Promise<JWTPayload & { sub: string }> {
  const { issuer, clientId } = company.config;
  const reject = (reason: string): never => {
    deps.logger.warn({ companyId: company.id, issuer, reason }, "OIDC id token refused");
    throw failed("The identity provider's token was not accepted.");
  };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(input.idToken, providerKeys(jwksUri), {
      algorithms: ALGORITHMS,
      issuer,
      audience: clientId,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
      maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return reject(`${error.code}: ${error.message}`);
    // The key set could not be fetched, or the token is not a JWT at all.
    return reject(error instanceof Error ? error.message : String(error));
  }
  // Core §3.1.3.7 (4, 5): with several audiences, azp must be present and be us.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) reject("azp is not the client");
  if (payload.azp !== undefined && payload.azp !== clientId) reject("azp is not the client");
  // Core §3.1.3.7 (11): the nonce of our authorization request, so a token from another sign-in is refused.
  if (typeof payload.nonce !== "string" || !timingSafeEqualText(payload.nonce, input.nonce)) reject("nonce mismatch");
  if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 255) reject("bad sub");
  return payload as JWTPayload & { sub: string };
}

function timingSafeEqualText(a: string, b: string): boolean {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

/** Each id token signs in once: its hash is kept until it expires; a second presentation is refused. */
async function acceptOnce(db: Db, companyId: string, idToken: string, claims: JWTPayload): Promise<void> {
  const now = new Date();
  await db
    .delete(ssoAssertionsSeen)
    .where(and(like(ssoAssertionsSeen.key, `${SEEN_PREFIX}%`), lt(ssoAssertionsSeen.expiresAt, now)));
  const key = `${SEEN_PREFIX}${crypto.createHash("sha256").update(idToken).digest("hex")}`;
  // Kept at least until the token could no longer pass verification (exp plus the tolerated clock difference).
  const expiresAt = new Date((claims.exp! + CLOCK_TOLERANCE_SECONDS) * 1000);
  const inserted = await db
    .insert(ssoAssertionsSeen)
    .values({ key, companyId, seenAt: now, expiresAt })
    .onConflictDoNothing()
    .returning({ key: ssoAssertionsSeen.key });
  if (inserted.length === 0) throw failed("The identity provider's token was already used.");
}

/**
 * The account the IdP vouches for, among the accounts whose home company is this company (an IdP never signs in
 * someone of another company): by sub (users.sso_subject), or else by a verified e-mail address of an account that
 * is not bound to another subject.
 */
async function accountFor(db: Db, companyId: string, claims: JWTPayload & { sub: string }) {
  const columns = { id: users.id, email: users.email, displayName: users.displayName, isBlocked: users.isBlocked };
  const ofCompany = and(eq(users.homeCompanyId, companyId), eq(users.isDeleted, false));
  const [bySubject] = await db
    .select(columns)
    .from(users)
    .where(and(ofCompany, eq(users.ssoSubject, claims.sub)))
    .limit(1);
  if (bySubject) return bySubject;
  if (claims.email_verified !== true || typeof claims.email !== "string") return undefined;
  const email = claims.email.trim().toLowerCase();
  if (!isValidEmail(email)) return undefined;
  return findUserByEmail(db, email, and(ofCompany, isNull(users.ssoSubject)));
}
