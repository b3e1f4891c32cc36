import type { CacheItem, CacheProvider } from "@node-saml/node-saml";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { ssoAssertionsSeen, ssoRequests } from "../schema";

/** What an outstanding SAML request keeps beside its row's columns (sso_requests.data). */
export interface SamlRequestData {
  /** The AuthnRequest's IssueInstant: what node-saml stores and reads back. */
  issueInstant: string;
  /** sha256 of the browser binding value (base64url). */
  browserHash: string;
  /** Set once node-saml has checked a response against the request: a request is answered once. */
  responded?: boolean;
  /** The hand-off grant the assertion consumer service started for it. */
  sessionId?: string;
}

export interface PendingSamlRequest {
  email: string;
  continueUrl: string;
  browserHash: string;
  expiresAt: Date;
}

/**
 * node-saml's request-id cache over the sso_requests table, so the InResponseTo check works whichever instance
 * receives the response. Scoped to one company: a response for another company's request is unknown here.
 *  - saveAsync: the AuthnRequest is being made; its row is written with the pending request's details;
 *  - getAsync: the request is outstanding (not expired, not yet answered);
 *  - removeAsync: the request has been answered (well or badly); it can never be answered again.
 */
export class SamlRequestStore implements CacheProvider {
  constructor(
    private readonly db: Db,
    private readonly companyId: string,
    private readonly pending?: PendingSamlRequest,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    if (!this.pending) throw new Error("no pending request to save");
    const data: SamlRequestData = { issueInstant: value, browserHash: this.pending.browserHash };
    const now = new Date();
    await this.db.insert(ssoRequests).values({
      id: key,
      companyId: this.companyId,
      protocol: "saml",
      email: this.pending.email,
      continueUrl: this.pending.continueUrl,
      data: data as unknown as Record<string, unknown>,
      createdAt: now,
      expiresAt: this.pending.expiresAt,
    });
    return { value, createdAt: now.getTime() };
  }

  async getAsync(key: string): Promise<string | null> {
    const row = await findOutstanding(this.db, this.companyId, key);
    return row ? row.data.issueInstant : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const [row] = await this.db
      .update(ssoRequests)
      .set({ data: sql`coalesce(${ssoRequests.data}, '{}'::jsonb) || '{"responded":true}'::jsonb` })
      .where(and(eq(ssoRequests.id, key), eq(ssoRequests.companyId, this.companyId), eq(ssoRequests.protocol, "saml")))
      .returning({ data: ssoRequests.data });
    return row ? ((row.data as unknown as SamlRequestData).issueInstant ?? null) : null;
  }
}

/** A SAML request of this company that is still waiting for its response. */
export async function findOutstanding(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(
      and(
        eq(ssoRequests.id, id),
        eq(ssoRequests.companyId, companyId),
        eq(ssoRequests.protocol, "saml"),
        isNull(ssoRequests.consumedAt),
        gt(ssoRequests.expiresAt, new Date()),
        sql`(${ssoRequests.data}->>'responded') is null`,
      ),
    )
    .limit(1);
  return row ? { ...row, data: row.data as unknown as SamlRequestData } : null;
}

/** Any SAML request by id (the RelayState), outstanding or not, to learn whose it is. */
export async function findRequest(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(and(eq(ssoRequests.id, id), eq(ssoRequests.protocol, "saml")))
    .limit(1);
  return row ? { ...row, data: (row.data ?? {}) as unknown as Partial<SamlRequestData> } : null;
}

/**
 * Ties the hand-off grant to the request; true once per request. Runs in the transaction that starts the grant,
 * so two responses to one request (or one response posted twice) cannot both sign in.
 */
export async function claimRequest(db: Db, id: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(ssoRequests)
    .set({ data: sql`coalesce(${ssoRequests.data}, '{}'::jsonb) || ${JSON.stringify({ sessionId })}::jsonb` })
    .where(
      and(
        eq(ssoRequests.id, id),
        eq(ssoRequests.protocol, "saml"),
        isNull(ssoRequests.consumedAt),
        gt(ssoRequests.expiresAt, new Date()),
        sql`(${ssoRequests.data}->>'sessionId') is null`,
      ),
    )
    .returning({ id: ssoRequests.id });
  return rows.length === 1;
}

/** The request whose hand-off grant this is. */
export async function findBySession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(ssoRequests)
    .where(and(eq(ssoRequests.protocol, "saml"), sql`${ssoRequests.data}->>'sessionId' = ${sessionId}`))
    .limit(1);
  return row ? { ...row, data: row.data as unknown as SamlRequestData } : null;
}

/** Marks the hand-off as redeemed; true once. */
export async function consumeRequest(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(ssoRequests)
    .set({ consumedAt: new Date() })
    .where(and(eq(ssoRequests.id, id), isNull(ssoRequests.consumedAt)))
    .returning({ id: ssoRequests.id });
  return rows.length === 1;
}

/** Records an assertion id; false when it was seen before (a replay). */
export async function markAssertionSeen(
  db: Db,
  companyId: string,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(ssoAssertionsSeen)
    .values({ key: `saml:${companyId}:${assertionId}`, companyId, expiresAt })
    .onConflictDoNothing()
    .returning({ key: ssoAssertionsSeen.key });
  return rows.length === 1;
}

/** Forgets finished SAML requests a day after they expired, and assertion ids once they can no longer be valid. */
export async function pruneSamlState(db: Db): Promise<void> {
  const now = new Date();
  await db
    .delete(ssoRequests)
    .where(
      and(eq(ssoRequests.protocol, "saml"), lt(ssoRequests.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000))),
    );
  await db
    .delete(ssoAssertionsSeen)
    .where(and(sql`${ssoAssertionsSeen.key} like 'saml:%'`, lt(ssoAssertionsSeen.expiresAt, now)));
}
