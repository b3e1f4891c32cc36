import { isNull } from "drizzle-orm";
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTHeaderParameters,
} from "jose";
import { deriveKey, seal, unseal } from "../config/secret";
import { wrongAppSecret } from "../config/startup-errors";
import { isDatabaseUnavailable } from "../db/availability";
import type { Database } from "../db/database";
import { newId } from "../db/ids";
import { signingKeys } from "./schema";

const ALG = "ES256";
export const ACCESS_TOKEN_AUDIENCE = "rbqm-api";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: string;
  sessionId: string | null;
  expiresAt: Date;
}

export const REFRESH_TOKEN_AUDIENCE = "rbqm-refresh";
/** The audience of id tokens issued to the product's own web app; other clients get their client_id. */
export const WEB_CLIENT_ID = "rbqm-web";
export const ID_TOKEN_TTL_SECONDS = 60 * 60;

export interface RefreshClaims {
  userId: string;
  sessionId: string;
  jti: string;
  expiresAt: Date;
}

export interface IdTokenClaims {
  userId: string;
  sessionId: string | null;
  audience: string;
  name: string | null;
  expiresAt: Date;
}

export interface TokenService {
  issueAccessToken(input: { userId: string; sessionId?: string | null; ttlSeconds?: number }): Promise<string>;
  /** Null when the token is malformed, expired, not ours or signed by an unknown key. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
  issueRefreshToken(input: { userId: string; sessionId: string; jti: string; expiresAt: Date }): Promise<string>;
  verifyRefreshToken(token: string): Promise<RefreshClaims | null>;
  /** An OpenID Connect id token: sub, name, email, sid; aud is the client (the web app by default). */
  issueIdToken(input: {
    userId: string;
    name: string;
    email: string;
    sessionId: string;
    audience?: string;
    nonce?: string | null;
    authTime?: Date;
  }): Promise<string>;
  /** An id token of ours, as a logout hint: its expiry does not matter, its signature does. */
  verifyIdTokenHint(token: string): Promise<IdTokenClaims | null>;
  /** The public keys, as a JWK Set (for /api/oauth/jwks). */
  publicJwks(): { keys: Record<string, unknown>[] };
  readonly issuer: string;
  readonly accessTtlSeconds: number;
}

/** Verified access tokens kept by one token service, oldest dropped first. */
const VERIFIED_TOKENS_KEPT = 10_000;

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** The signing keys every instance shares, as this instance has loaded them (reloaded when an unknown kid comes). */
class KeyRing {
  private readonly keys = new Map<string, LoadedKey>();
  readonly publicJwks = new Map<string, Record<string, unknown>>();
  private lastReload = 0;

  constructor(
    private readonly database: Database,
    private readonly sealingKey: Buffer,
  ) {}

  async load(): Promise<void> {
    const rows = await this.database.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    for (const row of rows) {
      if (this.keys.has(row.kid)) continue;
      let privateJwk: JWK;
      try {
        privateJwk = JSON.parse(unseal(this.sealingKey, row.privateJwkEncrypted)) as JWK;
      } catch {
        // Sealed with another APP_SECRET: say which setting, not the cipher's "unable to authenticate data".
        throw wrongAppSecret();
      }
      this.publicJwks.set(row.kid, {
        ...(row.publicJwk as Record<string, unknown>),
        kid: row.kid,
        alg: row.alg,
        use: "sig",
      });
      this.keys.set(row.kid, {
        kid: row.kid,
        privateKey: (await importJWK(privateJwk, row.alg)) as CryptoKey,
        publicKey: (await importJWK(row.publicJwk as JWK, row.alg)) as CryptoKey,
      });
    }
    this.lastReload = Date.now();
  }

  /** The newest key: the one this instance signs with. */
  newest(): LoadedKey {
    return [...this.keys.values()].sort((a, b) => b.kid.localeCompare(a.kid))[0]!;
  }

  async keyFor(header: JWTHeaderParameters): Promise<CryptoKey> {
    const kid = header.kid ?? "";
    let key = this.keys.get(kid);
    // A key made by another instance: reload, at most once a minute.
    if (!key && Date.now() - this.lastReload > 60_000) {
      await this.load();
      key = this.keys.get(kid);
    }
    if (!key) throw new Error("unknown signing key");
    return key.publicKey;
  }
}

/** Creates the shared key pair if there is none yet (the first instance to start). */
async function ensureSigningKey(database: Database, sealingKey: Buffer): Promise<void> {
  await database.withLock("rbqm:signing-keys", async (tx) => {
    const existing = await tx
      .select({ kid: signingKeys.kid })
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .limit(1);
    if (existing.length > 0) return;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = newId();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: "sig" };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
    await tx.insert(signingKeys).values({
      kid,
      alg: ALG,
      publicJwk,
      privateJwkEncrypted: seal(sealingKey, JSON.stringify(privateJwk)),
    });
  });
}

type KeyFor = (header: JWTHeaderParameters) => Promise<CryptoKey>;

/** Null for what cannot be a token of ours, or that does not verify; a database outage is thrown (503, not "invalid"). */
async function verifiedOrNull<T>(token: string, verify: (token: string) => Promise<T | null>): Promise<T | null> {
  if (typeof token !== "string" || token.length > 4096) return null;
  try {
    return await verify(token);
  } catch (error) {
    // A key reload that could not reach the database says nothing about the token: answered 503, not "invalid".
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

async function refreshClaims(token: string, keyFor: KeyFor, issuer: string): Promise<RefreshClaims | null> {
  const { payload } = await jwtVerify(token, keyFor, {
    algorithms: [ALG],
    issuer,
    audience: REFRESH_TOKEN_AUDIENCE,
    typ: "rt+jwt",
    requiredClaims: ["sub", "exp", "jti", "sid"],
  });
  if (typeof payload.sid !== "string") return null;
  return {
    userId: payload.sub!,
    sessionId: payload.sid,
    jti: payload.jti!,
    expiresAt: new Date(payload.exp! * 1000),
  };
}

async function idTokenHintClaims(token: string, keyFor: KeyFor, issuer: string): Promise<IdTokenClaims> {
  const { payload } = await jwtVerify(token, keyFor, {
    algorithms: [ALG],
    issuer,
    typ: "JWT",
    requiredClaims: ["sub", "aud"],
    // A hint may have expired; what counts is that we signed it.
    currentDate: new Date(0),
    clockTolerance: Number.MAX_SAFE_INTEGER,
  });
  const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  return {
    userId: payload.sub!,
    sessionId: typeof payload.sid === "string" ? payload.sid : null,
    audience: audience ?? "",
    name: typeof payload.name === "string" ? payload.name : null,
    expiresAt: new Date((payload.exp ?? 0) * 1000),
  };
}

/**
 * An access token's claims. A token's signature and claims never change: a verified one is remembered until it
 * expires, so a page's calls and a user's next pages do not verify it again. Revocation is checked on every call all
 * the same (the caller's grant is read from the database, server/auth/principal.ts).
 */
async function accessClaims(
  token: string,
  keyFor: KeyFor,
  issuer: string,
  verified: Map<string, AccessClaims>,
): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt.getTime() > Date.now()) return known;
    verified.delete(token);
    return null;
  }
  const { payload } = await jwtVerify(token, keyFor, {
    algorithms: [ALG],
    issuer,
    audience: ACCESS_TOKEN_AUDIENCE,
    typ: "at+jwt",
    requiredClaims: ["sub", "exp"],
  });
  const claims = {
    userId: payload.sub!,
    sessionId: typeof payload.sid === "string" ? payload.sid : null,
    expiresAt: new Date(payload.exp! * 1000),
  };
  if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return claims;
}

/**
 * Tokens are JWTs signed with ES256 by a key every instance shares: the key pair lives in the database,
 * its private half sealed with a key derived from APP_SECRET. The first instance to start creates it.
 */
export async function createTokenService(
  database: Database,
  appSecret: string,
  issuer: string,
  accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<TokenService> {
  const sealingKey = deriveKey(appSecret, "signing-keys");
  const ring = new KeyRing(database, sealingKey);
  await ensureSigningKey(database, sealingKey);
  await ring.load();
  const current = ring.newest();
  const keyFor: KeyFor = (header) => ring.keyFor(header);

  const sign = (
    claims: JWTPayload,
    typ: string,
    audience: string,
    subject: string,
    expiresAtSeconds: number,
    jti = newId(),
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, kid: current.kid, typ })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .sign(current.privateKey);
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const verifiedAccessTokens = new Map<string, AccessClaims>();

  return {
    issuer,
    accessTtlSeconds,
    async issueAccessToken({ userId, sessionId = null, ttlSeconds = accessTtlSeconds }) {
      const claims: JWTPayload = sessionId ? { sid: sessionId } : {};
      return sign(claims, "at+jwt", ACCESS_TOKEN_AUDIENCE, userId, nowSeconds() + ttlSeconds);
    },
    async issueRefreshToken({ userId, sessionId, jti, expiresAt }) {
      return sign(
        { sid: sessionId },
        "rt+jwt",
        REFRESH_TOKEN_AUDIENCE,
        userId,
        Math.floor(expiresAt.getTime() / 1000),
        jti,
      );
    },
    verifyRefreshToken: (token) => verifiedOrNull(token, (t) => refreshClaims(t, keyFor, issuer)),
    async issueIdToken({ userId, name, email, sessionId, audience = WEB_CLIENT_ID, nonce, authTime }) {
      const claims: JWTPayload = { name, email, sid: sessionId };
      if (nonce) claims.nonce = nonce;
      if (authTime) claims.auth_time = Math.floor(authTime.getTime() / 1000);
      return sign(claims, "JWT", audience, userId, nowSeconds() + ID_TOKEN_TTL_SECONDS);
    },
    verifyIdTokenHint: (token) => verifiedOrNull(token, (t) => idTokenHintClaims(t, keyFor, issuer)),
    publicJwks() {
      return { keys: [...ring.publicJwks.values()] };
    },
    verifyAccessToken: (token) => verifiedOrNull(token, (t) => accessClaims(t, keyFor, issuer, verifiedAccessTokens)),
  };
}
