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

export interface TokenService {
  issueAccessToken(input: { userId: string; sessionId?: string | null; ttlSeconds?: number }): Promise<string>;
  /** Null when the token is malformed, expired, not ours or signed by an unknown key. */
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
}

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/**
 * Tokens are JWTs signed with ES256 by a key every instance shares: the key pair lives in the database,
 * its private half sealed with a key derived from APP_SECRET. The first instance to start creates it.
 */
export async function createTokenService(database: Database, appSecret: string, issuer: string): Promise<TokenService> {
  const sealingKey = deriveKey(appSecret, "signing-keys");
  const keys = new Map<string, LoadedKey>();
  let current: LoadedKey;
  let lastReload = 0;

  async function load(): Promise<void> {
    const rows = await database.db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
    for (const row of rows) {
      if (keys.has(row.kid)) continue;
      const privateJwk = JSON.parse(unseal(sealingKey, row.privateJwkEncrypted)) as JWK;
      keys.set(row.kid, {
        kid: row.kid,
        privateKey: (await importJWK(privateJwk, row.alg)) as CryptoKey,
        publicKey: (await importJWK(row.publicJwk as JWK, row.alg)) as CryptoKey,
      });
    }
    lastReload = Date.now();
  }

  await database.withLock("rbqm:signing-keys", async (tx) => {
    const existing = await tx.select({ kid: signingKeys.kid }).from(signingKeys).where(isNull(signingKeys.retiredAt)).limit(1);
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
  current = [...keys.values()].sort((a, b) => b.kid.localeCompare(a.kid))[0]!;

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

  return {
    async issueAccessToken({ userId, sessionId = null, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS }) {
      const claims: JWTPayload = sessionId ? { sid: sessionId } : {};
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: "at+jwt" })
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setSubject(userId)
        .setJti(newId())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(current.privateKey);
    },
    async verifyAccessToken(token) {
      if (typeof token !== "string" || token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, keyFor, {
          algorithms: [ALG],
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          typ: "at+jwt",
          requiredClaims: ["sub", "exp"],
        });
        return {
          userId: payload.sub!,
          sessionId: typeof payload.sid === "string" ? payload.sid : null,
          expiresAt: new Date(payload.exp! * 1000),
        };
      } catch {
        return null;
      }
    },
  };
}
