import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from "jose";
import { readBodyText } from "../../http/body";

/**
 * The identity provider's metadata (OpenID Connect Discovery 1.0), fetched from
 * `${issuer}/.well-known/openid-configuration` and kept for a while per issuer; and its signing keys (jwks_uri),
 * kept by jose's remote key set, which fetches again when a token names a key it does not know. Both are read within a
 * size limit as they arrive: what another server sends is never buffered whole.
 */
export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** RFC 9207: the IdP adds `iss` to its authorization responses, which the client then must check. */
  issParameterSupported: boolean;
}

export class DiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DiscoveryError";
  }
}

const METADATA_TTL_MS = 10 * 60 * 1000;
/** A failure is remembered briefly, so calls from outside cannot make the service hammer an IdP that is down. */
const FAILURE_TTL_MS = 30 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
const MAX_DOCUMENT_BYTES = 256 * 1024;
/** A key set holds a few keys of a few KB each; 256 KB leaves room for any real IdP's rotation. */
const MAX_KEY_SET_BYTES = 256 * 1024;

const metadataCache = new Map<string, { value: ProviderMetadata; expiresAt: number }>();
const failureCache = new Map<string, { error: DiscoveryError; expiresAt: number }>();
const pending = new Map<string, Promise<ProviderMetadata>>();
const keySets = new Map<string, JWTVerifyGetKey>();

/** The discovery document's address: a terminating "/" of the issuer is removed first (Discovery §4). */
export const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;

/**
 * An endpoint the product will call or send browsers to: https, or plain http on the loopback interface only
 * (development and tests). Credentials in the URL and fragments are refused.
 */
export function isAcceptableEndpoint(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

export async function providerMetadata(issuer: string): Promise<ProviderMetadata> {
  const cached = metadataCache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const failure = failureCache.get(issuer);
  if (failure && failure.expiresAt > Date.now()) throw failure.error;
  let request = pending.get(issuer);
  if (!request) {
    request = fetchMetadata(issuer)
      .then((value) => {
        metadataCache.set(issuer, { value, expiresAt: Date.now() + METADATA_TTL_MS });
        failureCache.delete(issuer);
        return value;
      })
      .catch((error: unknown) => {
        if (error instanceof DiscoveryError)
          failureCache.set(issuer, { error, expiresAt: Date.now() + FAILURE_TTL_MS });
        throw error;
      })
      .finally(() => pending.delete(issuer));
    pending.set(issuer, request);
  }
  return request;
}

async function fetchMetadata(issuer: string): Promise<ProviderMetadata> {
  if (!isAcceptableEndpoint(issuer)) throw new DiscoveryError("The issuer is not an https URL.");
  let document: Record<string, unknown>;
  try {
    const response = await fetch(discoveryUrl(issuer), {
      headers: { accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new DiscoveryError(`The discovery document answered HTTP ${response.status}.`);
    // Read within the limit as it arrives: an endless document is cut off, not buffered.
    const text = await readBodyText(response, MAX_DOCUMENT_BYTES);
    if (text === null) throw new DiscoveryError("The discovery document is too large.");
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new DiscoveryError("The discovery document is not an object.");
    document = parsed as Record<string, unknown>;
  } catch (error) {
    if (error instanceof DiscoveryError) throw error;
    throw new DiscoveryError(
      `The discovery document could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Discovery §4.3: the issuer in the document must be exactly the one configured, or the IdP is not the one meant.
  if (document.issuer !== issuer) throw new DiscoveryError("The discovery document names another issuer.");
  const { authorization_endpoint, token_endpoint, jwks_uri, code_challenge_methods_supported: pkce } = document;
  if (!isAcceptableEndpoint(authorization_endpoint))
    throw new DiscoveryError("The authorization endpoint is missing or not https.");
  if (!isAcceptableEndpoint(token_endpoint)) throw new DiscoveryError("The token endpoint is missing or not https.");
  if (!isAcceptableEndpoint(jwks_uri)) throw new DiscoveryError("The jwks_uri is missing or not https.");
  // An IdP that states its PKCE methods must offer S256; one that states none is tried (it may still enforce PKCE).
  if (pkce !== undefined && !(Array.isArray(pkce) && pkce.includes("S256"))) {
    throw new DiscoveryError("The identity provider does not support PKCE with S256.");
  }
  return {
    issuer,
    authorizationEndpoint: authorization_endpoint,
    tokenEndpoint: token_endpoint,
    jwksUri: jwks_uri,
    issParameterSupported: document.authorization_response_iss_parameter_supported === true,
  };
}

/**
 * jose's fetch of a key set, with the body read within MAX_KEY_SET_BYTES as it arrives: an endless answer is cut off
 * and the verification fails, as it does for an IdP that cannot be reached.
 */
async function fetchKeySet(url: string, options: Parameters<typeof fetch>[1]): Promise<Response> {
  const response = await fetch(url, options);
  const text = await readBodyText(response, MAX_KEY_SET_BYTES);
  if (text === null) throw new DiscoveryError("The identity provider's key set is too large.");
  return new Response(text, { status: response.status, headers: response.headers });
}

/** The IdP's public keys, one cached remote key set per jwks_uri. */
export function providerKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      // A token naming an unknown key fetches the set again, at most every 30 s (key rotation at the IdP).
      cooldownDuration: 30_000,
      cacheMaxAge: METADATA_TTL_MS,
      [customFetch]: fetchKeySet,
    });
    keySets.set(jwksUri, keys);
  }
  return keys;
}

/** Forgets what was fetched (tests that restart an IdP on the same address). */
export function clearProviderCaches(): void {
  metadataCache.clear();
  failureCache.clear();
  keySets.clear();
}
