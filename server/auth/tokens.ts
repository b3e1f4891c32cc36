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

/**
 * Tokens are JWTs signed with ES256 by a key every instance shares: the key pair lives in the database,
 * its private half sealed with a key derived from APP_SECRET. The first instance to start creates it.
 */
// eslint-disable-next-line max-lines-per-function -- 195 lines, not yet split: the backlog of issue 21
export async function createTokenService(
  database: Database,
  appSecret: string,
  issuer: string,
  accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<TokenService> {
  const sealingKey = deriveKey(appSecret, "signing-keys");
  const keys = new Map<string, LoadedKey>();
  const publicJwks = new Map<string, Record<string, unknown>>();
  let lastReload = 0;

  async function load(): Promise<void> {
    const rows = await database.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    for (const row of rows) {
      if (keys.has(row.kid)) continue;
      let privateJwk: JWK;
      try {
        privateJwk = JSON.parse(unseal(sealingKey, row.privateJwkEncrypted)) as JWK;
      } catch {
        // Sealed with another APP_SECRET: say which setting, not the cipher's "unable to authenticate data".
        throw wrongAppSecret();
      }
      publicJwks.set(row.kid, {
        ...(row.publicJwk as Record<string, unknown>),
        kid: row.kid,
        alg: row.alg,
        use: "sig",
      });
      keys.set(row.kid, {
        kid: row.kid,
        privateKey: (await importJWK(privateJwk, row.alg)) as CryptoKey,
        publicKey: (await importJWK(row.publicJwk as JWK, row.alg)) as CryptoKey,
      });
    }
    lastReload = Date.now();
  }

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
  await load();
  const current: LoadedKey = [...keys.values()].sort((a, b) => b.kid.localeCompare(a.kid))[0]!;

  async function keyFor(header: JWTHeaderParameters): Promise<CryptoKey> {
    const kid = header.kid ?? "";
    let key = keys.get(kid);
    // A key made by another instance: reload, at most once a minute.
    if (!key && Date.now() - lastReload > 60_000) {
      await load();
      key = keys.get(kid);
    }
    if (!key) throw new Error("unknown signing key");
    return key.publicKey;
  }

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
    async verifyRefreshToken(token) {
      if (typeof token !== "string" || token.length > 4096) return null;
      try {
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
      } catch (error) {
        // A key reload that could not reach the database says nothing about the token: answered 503, not "invalid".
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      }
    },
    async issueIdToken({ userId, name, email, sessionId, audience = WEB_CLIENT_ID, nonce, authTime }) {
      const claims: JWTPayload = { name, email, sid: sessionId };
      if (nonce) claims.nonce = nonce;
      if (authTime) claims.auth_time = Math.floor(authTime.getTime() / 1000);
      return sign(claims, "JWT", audience, userId, nowSeconds() + ID_TOKEN_TTL_SECONDS);
    },
    async verifyIdTokenHint(token) {
      if (typeof token !== "string" || token.length > 4096) return null;
      try {
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
      } catch (error) {
        // A key reload that could not reach the database says nothing about the token: answered 503, not "invalid".
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      }
    },
    publicJwks() {
      return { keys: [...publicJwks.values()] };
    },
    async verifyAccessToken(token) {
      if (typeof token !== "string" || token.length > 4096) return null;
      // A token's signature and claims never change: a verified one is remembered until it expires, so a page's
      // calls and a user's next pages do not verify it again. Revocation is checked on every call all the same
      // (the caller's grant is read from the database, server/auth/principal.ts).
      const known = verifiedAccessTokens.get(token);
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return known;
        verifiedAccessTokens.delete(token);
        return null;
      }
      try {
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
        if (verifiedAccessTokens.size >= VERIFIED_TOKENS_KEPT)
          verifiedAccessTokens.delete(verifiedAccessTokens.keys().next().value!);
        verifiedAccessTokens.set(token, claims);
        return claims;
      } catch (error) {
        // A key reload that could not reach the database says nothing about the token: answered 503, not "invalid".
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      }
    },
  };
}
