import crypto from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/database";
import { signInThrottles } from "./schema";

/**
 * Attempts are counted per account key: a hash of the normalised e-mail address, so an unknown address is throttled
 * exactly like a known one and the answers never tell them apart.
 *
 * Two limits (README "Limits"):
 *  - "signIn": FREE_FAILURES failed sign-ins in the window are answered as they are; the last of them pauses the key
 *    for FIRST_LOCK_SECONDS, so the next attempt is refused, and each further failure pauses it twice as long as the
 *    last, up to MAX_LOCK_SECONDS;
 *  - "perWindow": FREE_FAILURES requests in the window (reset links), then none until the window ends.
 *
 * An attempt is claimed before it is tried, in one statement that refuses it while the key is paused and otherwise
 * counts it as a failure in advance, pause included. So attempts made at the same time cannot pass the count
 * together: the sixth of twenty parallel wrong passwords is already refused. A successful sign-in then clears the key;
 * an attempt that turned out to be no failure (a right password that now needs its e-mailed code) gives its claim back.
 */
export const FREE_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;

export type ThrottleLimit = "signIn" | "perWindow";

export function accountKey(email: string): string {
  return crypto.createHash("sha256").update(`sign-in:${email.trim().toLowerCase()}`).digest("hex");
}

/** Seconds until the key may try again; 0 when it may now. */
export async function lockedForSeconds(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db.select().from(signInThrottles).where(eq(signInThrottles.accountKey, key)).limit(1);
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
}

/** The pause the n-th failure in a window brings, in seconds (0: none). */
export function pauseAfter(limit: ThrottleLimit, failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  if (limit === "perWindow") return WINDOW_SECONDS;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 10), MAX_LOCK_SECONDS);
}

export type Claim = { ok: true; failures: number; release(): Promise<void> } | { ok: false; retryAfterSeconds: number };

/** Claims one attempt for the key (see above): refused while the key is paused, else counted as a failure now. */
export async function claimAttempt(db: Db, key: string, limit: ThrottleLimit, now = new Date()): Promise<Claim> {
  // The existing row's columns (in ON CONFLICT … SET every expression reads the row as it was).
  const failures = sql.raw(`"sign_in_throttles"."failures"`);
  const started = sql.raw(`"sign_in_throttles"."window_started_at"`);
  const lockedUntil = sql.raw(`"sign_in_throttles"."locked_until"`);
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowOpen = sql`(${started} > ${at} - ${sql.raw(`interval '${WINDOW_SECONDS} seconds'`)})`;
  const count = sql`(case when ${windowOpen} then ${failures} + 1 else 1 end)`;
  const windowStart = sql`(case when ${windowOpen} then ${started} else ${at} end)`;
  const pause: SQL =
    limit === "perWindow"
      ? sql`(case when ${count} >= ${FREE_FAILURES} then ${windowStart} + ${sql.raw(`interval '${WINDOW_SECONDS} seconds'`)} end)`
      : sql`(case when ${count} >= ${FREE_FAILURES} then ${at} + least(${sql.raw(String(FIRST_LOCK_SECONDS))} * power(2, least(${count} - ${FREE_FAILURES}, 10)), ${sql.raw(String(MAX_LOCK_SECONDS))}) * interval '1 second' end)`;
  const firstPause = pauseAfter(limit, 1);
  const [claimed] = await db
    .insert(signInThrottles)
    .values({
      accountKey: key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: firstPause > 0 ? new Date(now.getTime() + firstPause * 1000) : null,
    })
    .onConflictDoUpdate({
      target: signInThrottles.accountKey,
      set: { failures: count, windowStartedAt: windowStart, lockedUntil: pause },
      setWhere: sql`${lockedUntil} is null or ${lockedUntil} <= ${at}`,
    })
    .returning({ failures: signInThrottles.failures });
  if (!claimed) return { ok: false, retryAfterSeconds: Math.max(1, await lockedForSeconds(db, key, now)) };
  const release = async () => {
    // Gives this attempt back; the pause it set goes too unless later attempts have counted since.
    await db
      .update(signInThrottles)
      .set({
        failures: sql`greatest(${signInThrottles.failures} - 1, 0)`,
        lockedUntil: sql`case when ${signInThrottles.failures} = ${claimed.failures} then null else ${signInThrottles.lockedUntil} end`,
      })
      .where(eq(signInThrottles.accountKey, key));
  };
  return { ok: true, failures: claimed.failures, release };
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, key));
}
