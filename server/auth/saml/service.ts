import crypto from "node:crypto";
import fs from "node:fs";
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type Profile } from "@node-saml/node-saml";
import { and, eq } from "drizzle-orm";
import { companies } from "../../companies/schema";
import { isValidEmail, normaliseEmail } from "../../contracts/auth";
import { safeLocalPath } from "../../contracts/redirects";
import { SSO_BINDING_PATTERN, SSO_REQUEST_TTL_SECONDS } from "../../contracts/sso";
import { isDatabaseUnavailable } from "../../db/availability";
import type { Db } from "../../db/database";
import type { ServiceDeps } from "../../deps";
import { users } from "../../users/schema";
import { findUserByEmail } from "../../users/service";
import { refreshTokens } from "../schema";
import { refreshSession, revokeSession, startSession, type TokenSet } from "../sessions";
import { ssoCompanyFor } from "../sso";
import { EMAIL_NAME_ID_FORMAT, samlCompanyConfigSchema, serviceProvider, type SamlCompanyConfig } from "./config";
import {
  claimRequest,
  consumeRequest,
  findBySession,
  findRequest,
  markAssertionSeen,
  pruneSamlState,
  SamlRequestStore,
  type PendingSamlRequest,
} from "./requests";

/** A single sign-on step that did not succeed. The reason is logged; the browser only learns "it failed". */
export class SamlFailure extends Error {
  constructor(
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = "SamlFailure";
  }
}

const REQUEST_TTL_MS = SSO_REQUEST_TTL_SECONDS * 1000;

export const hashBinding = (value: string) =>
  crypto.createHash("sha256").update(`sso-binding:${value}`).digest("base64url");
export const newBinding = () => crypto.randomBytes(32).toString("base64url");

function companyConfig(companyId: string, raw: unknown): SamlCompanyConfig {
  const parsed = samlCompanyConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new SamlFailure("the company's SAML settings are incomplete or invalid", {
      companyId,
      issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    });
  }
  return parsed.data;
}

/** The service provider's signing key pair (SAML_SP_*), read once; null when requests go unsigned. */
const spKeys = new WeakMap<object, { privateKey: string; cert: string } | null>();
export function spSigning(deps: ServiceDeps): { privateKey: string; cert: string } | null {
  const files = deps.config.saml;
  if (!spKeys.has(files)) {
    spKeys.set(
      files,
      files.spPrivateKeyFile && files.spCertFile
        ? {
            privateKey: fs.readFileSync(files.spPrivateKeyFile, "utf8"),
            cert: fs.readFileSync(files.spCertFile, "utf8"),
          }
        : null,
    );
  }
  return spKeys.get(files)!;
}

/** node-saml for one company's IdP, with this service as the service provider. */
function samlFor(deps: ServiceDeps, config: SamlCompanyConfig, cache: SamlRequestStore, requestId?: string): SAML {
  const sp = serviceProvider(deps.config.publicUrl);
  const signing = spSigning(deps);
  return new SAML({
    ...(signing ? { privateKey: signing.privateKey, publicCert: signing.cert } : {}),
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    entryPoint: config.entryPoint,
    idpIssuer: config.idpIssuer,
    idpCert: config.idpCert,
    wantAssertionsSigned: config.wantAssertionsSigned,
    wantAuthnResponseSigned: config.wantAuthnResponseSigned,
    identifierFormat: config.identifierFormat,
    disableRequestedAuthnContext: config.disableRequestedAuthnContext,
    acceptedClockSkewMs: config.acceptedClockSkewMs,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: cache,
    authnRequestBinding: "HTTP-Redirect",
    signatureAlgorithm: "sha256",
    generateUniqueId: () => requestId ?? `_${crypto.randomBytes(20).toString("hex")}`,
  });
}

/**
 * GET /login-saml?email=&continue= : records the request and answers the IdP's address with a deflated AuthnRequest,
 * HTTP-Redirect binding, signed (SigAlg rsa-sha256) when the service has a key pair. RelayState is the request id.
 */
export async function startSamlLogin(
  deps: ServiceDeps,
  input: { email: unknown; continueUrl: unknown; binding: string | null },
): Promise<{ location: string; binding: string }> {
  const db = deps.database.db;
  const email = typeof input.email === "string" ? normaliseEmail(input.email).toLowerCase() : "";
  if (!isValidEmail(email)) throw new SamlFailure("no valid e-mail address");
  const user = await findUserByEmail(db, email, eq(users.isDeleted, false));
  const company = await ssoCompanyFor(db, email, user?.homeCompanyId);
  if (!company || company.protocol !== "saml") throw new SamlFailure("the address does not sign in through SAML");
  const config = companyConfig(company.id, company.config);

  await pruneSamlState(db).catch((error: unknown) => deps.logger.warn({ err: error }, "could not prune SAML state"));
  const binding = input.binding && SSO_BINDING_PATTERN.test(input.binding) ? input.binding : newBinding();
  const requestId = `_${crypto.randomBytes(20).toString("hex")}`;
  const pending: PendingSamlRequest = {
    email,
    continueUrl: safeLocalPath(input.continueUrl),
    browserHash: hashBinding(binding),
    expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
  };
  const saml = samlFor(deps, config, new SamlRequestStore(db, company.id, pending), requestId);
  const location = await saml.getAuthorizeUrlAsync(requestId, undefined, {});
  deps.logger.info({ companyId: company.id, requestId }, "SAML sign-in started");
  return { location, binding };
}

type XmlNode = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: unknown, name: string): XmlNode[] => {
  const value = (node as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};

/** The facts of the verified assertion that node-saml leaves to its caller. */
function assertionFacts(profile: Profile) {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!assertion) throw new SamlFailure("the response holds no assertion");
  const id = assertion.$?.ID;
  if (!id) throw new SamlFailure("the assertion has no ID");
  const confirmations = children(children(assertion, "Subject")[0], "SubjectConfirmation")
    .filter((c) => c.$?.Method === "urn:oasis:names:tc:SAML:2.0:cm:bearer")
    .flatMap((c) => children(c, "SubjectConfirmationData"))
    .map((d) => d.$ ?? {});
  const conditions = children(assertion, "Conditions")[0]?.$ ?? {};
  return { id, confirmations, notOnOrAfter: conditions.NotOnOrAfter };
}

function emailFrom(profile: Profile, config: SamlCompanyConfig): string | null {
  const candidates: unknown[] = [];
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  if (config.emailAttribute) candidates.push(attributes[config.emailAttribute]);
  candidates.push(profile.email, profile.mail);
  if (profile.nameIDFormat === EMAIL_NAME_ID_FORMAT || isValidEmail(profile.nameID ?? ""))
    candidates.push(profile.nameID);
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) ? candidate[0] : candidate;
    if (typeof value === "string" && isValidEmail(value.trim())) return value.trim().toLowerCase();
  }
  return null;
}

/** The account the IdP vouched for: by the user's bound subject, else by e-mail; always of that company. */
async function userFor(db: Db, companyId: string, nameId: string, email: string | null) {
  const columns = {
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    ssoSubject: users.ssoSubject,
    isBlocked: users.isBlocked,
    isDeleted: users.isDeleted,
  };
  const [bySubject] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.homeCompanyId, companyId), eq(users.ssoSubject, nameId)))
    .limit(1);
  if (bySubject) return bySubject;
  if (!email) return null;
  const byEmail = await findUserByEmail(db, email, eq(users.homeCompanyId, companyId));
  // An account bound to another subject at the IdP is not taken over through its e-mail address.
  if (byEmail && byEmail.ssoSubject && byEmail.ssoSubject !== nameId) return null;
  return byEmail ?? null;
}

/**
 * POST /saml/acs: checks the response (signature, issuer, InResponseTo against the outstanding request, audience,
 * recipient, time), takes each assertion once, finds the account and starts a hand-off grant for it.
 * Answers the /ng/saml/resumeLogin address with the hand-off token.
 */
export async function consumeSamlResponse(
  deps: ServiceDeps,
  input: { samlResponse: unknown; relayState: unknown },
): Promise<{ location: string }> {
  const db = deps.database.db;
  if (typeof input.samlResponse !== "string" || input.samlResponse.length === 0)
    throw new SamlFailure("no SAMLResponse");
  if (typeof input.relayState !== "string" || !/^_[0-9a-f]{40}$/.test(input.relayState)) {
    throw new SamlFailure("no RelayState of ours (unsolicited responses are not accepted)");
  }
  const requestId = input.relayState;
  const request = await findRequest(db, requestId);
  if (!request) throw new SamlFailure("unknown request", { requestId });
  const [company] = await db.select().from(companies).where(eq(companies.id, request.companyId)).limit(1);
  if (!company || company.ssoProtocol !== "saml")
    throw new SamlFailure("the company no longer signs in through SAML", { requestId });
  const config = companyConfig(company.id, company.ssoConfig);
  const sp = serviceProvider(deps.config.publicUrl);

  const saml = samlFor(deps, config, new SamlRequestStore(db, company.id));
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: input.samlResponse }));
  } catch (error) {
    // The request store is the database: its being away is no invalid response.
    if (isDatabaseUnavailable(error)) throw error;
    throw new SamlFailure("the response did not validate", {
      requestId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  if (!profile) throw new SamlFailure("the response signs no one in", { requestId });
  if (profile.inResponseTo !== requestId) {
    throw new SamlFailure("the response answers another request than its RelayState names", {
      requestId,
      inResponseTo: profile.inResponseTo,
    });
  }
  if (profile.issuer !== config.idpIssuer)
    throw new SamlFailure("the assertion comes from another issuer", { requestId, issuer: profile.issuer });
  const destination = /<(?:[\w.-]+:)?Response\b[^>]*?\sDestination="([^"]*)"/.exec(
    profile.getSamlResponseXml?.() ?? "",
  )?.[1];
  if (destination !== undefined && destination !== sp.acsUrl)
    throw new SamlFailure("the response is meant for another destination", { destination });

  const facts = assertionFacts(profile);
  const now = Date.now();
  const bearer = facts.confirmations.find(
    (c) => c.Recipient === sp.acsUrl && c.NotOnOrAfter && Date.parse(c.NotOnOrAfter) > now - config.acceptedClockSkewMs,
  );
  if (!bearer) throw new SamlFailure("no bearer confirmation for this service with a lifetime", { requestId });
  const validUntil = Math.max(
    Date.parse(bearer.NotOnOrAfter!),
    facts.notOnOrAfter ? Date.parse(facts.notOnOrAfter) || 0 : 0,
  );
  const seenUntil = new Date(Math.max(validUntil + config.acceptedClockSkewMs, now + REQUEST_TTL_MS));
  if (!(await markAssertionSeen(db, company.id, facts.id, seenUntil))) {
    throw new SamlFailure("the assertion was already used", { requestId, assertionId: facts.id });
  }

  const nameId = profile.nameID;
  if (!nameId) throw new SamlFailure("the assertion names no subject", { requestId });
  const email = emailFrom(profile, config);
  const user = await userFor(db, company.id, nameId, email);
  if (!user || user.isDeleted)
    throw new SamlFailure("no account for the asserted subject", { requestId, companyId: company.id, nameId });
  if (user.isBlocked) throw new SamlFailure("the account is blocked", { requestId, userId: user.id });

  const tokens = await db.transaction(async (tx) => {
    const started = await startSession(deps, tx, { user, method: "saml", handoff: true });
    if (!(await claimRequest(tx, requestId, started.sessionId)))
      throw new SamlFailure("the request was already answered", { requestId });
    return started.tokens;
  });
  deps.logger.info({ userId: user.id, companyId: company.id, requestId }, "SAML assertion accepted");
  const search = new URLSearchParams({ token: tokens.refresh_token, continue: safeLocalPath(request.continueUrl) });
  return { location: `${deps.config.publicUrl}/ng/saml/resumeLogin?${search}` };
}

/**
 * POST /api/auth/saml/resume: redeems the hand-off token of /ng/saml/resumeLogin, once, from the browser that
 * started the sign-in (its binding value). The refresh rotates the token, so the one in the address is spent.
 */
export async function resumeSamlLogin(
  deps: ServiceDeps,
  input: { token: string; binding?: string },
): Promise<TokenSet> {
  const db = deps.database.db;
  const claims = await deps.tokens.verifyRefreshToken(input.token);
  if (!claims) throw new SamlFailure("the hand-off token is invalid or has expired");
  const request = await findBySession(db, claims.sessionId);
  if (!request) throw new SamlFailure("the token is not a SAML hand-off", { sessionId: claims.sessionId });
  const expected = Buffer.from(request.data.browserHash ?? "");
  const presented = Buffer.from(
    input.binding && SSO_BINDING_PATTERN.test(input.binding) ? hashBinding(input.binding) : "",
  );
  if (expected.length === 0 || presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
    await revokeSession(db, claims.sessionId, "SAML hand-off from another browser");
    throw new SamlFailure("the hand-off was presented by another browser than the one that started the sign-in", {
      sessionId: claims.sessionId,
    });
  }
  // Redeemed before (here, or as a plain refresh by whoever else held the token): the grant is not this browser's.
  const [issued] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, claims.jti))
    .limit(1);
  if (!issued || issued.rotatedAt || !(await consumeRequest(db, request.id))) {
    await revokeSession(db, claims.sessionId, "SAML hand-off reused");
    throw new SamlFailure("the hand-off was already redeemed", { sessionId: claims.sessionId });
  }
  const outcome = await refreshSession(deps, input.token);
  if (!outcome.ok) throw new SamlFailure(outcome.reason, { sessionId: claims.sessionId });
  deps.logger.info({ userId: claims.userId, sessionId: claims.sessionId, method: "saml" }, "signed in");
  return outcome.tokens;
}

/** GET /saml/metadata: what an IdP administrator needs to register this service. */
export function samlMetadata(deps: ServiceDeps): string {
  const sp = serviceProvider(deps.config.publicUrl);
  const signing = spSigning(deps);
  return generateServiceProviderMetadata({
    ...(signing
      ? { privateKey: signing.privateKey, publicCerts: signing.cert, signatureAlgorithm: "sha256" as const }
      : { publicCerts: null }),
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_NAME_ID_FORMAT,
    wantAssertionsSigned: true,
    decryptionCert: null,
  });
}
