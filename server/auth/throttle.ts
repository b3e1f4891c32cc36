import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { signInThrottles } from "./schema";

/**
 * Failed sign-ins are counted per account key: a hash of the normalised e-mail address, so an unknown address is
 * throttled exactly like a known one and the answers never tell them apart. FREE_FAILURES failures in the window are
 * answered as they are; the last of them locks the key for FIRST_LOCK_SECONDS, so the next attempt is paused, and each
 * further failure locks it for twice as long as the last, up to MAX_LOCK_SECONDS (README: "five failed sign-ins per
 * account, then growing pauses").
 */
export const FREE_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;

export function accountKey(email: string): string {
  return crypto.createHash("sha256").update(`sign-in:${email.trim().toLowerCase()}`).digest("hex");
}

/** Seconds until the key may try again; 0 when it may now. */
export async function lockedForSeconds(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db.select().from(signInThrottles).where(eq(signInThrottles.accountKey, key)).limit(1);
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<void> {
  const [row] = await db.select().from(signInThrottles).where(eq(signInThrottles.accountKey, key)).limit(1);
  const windowOpen = row && now.getTime() - row.windowStartedAt.getTime() < WINDOW_SECONDS * 1000;
  const failures = windowOpen ? row.failures + 1 : 1;
  const windowStartedAt = windowOpen ? row.windowStartedAt : now;
  const over = failures - FREE_FAILURES + 1;
  const lockSeconds = over > 0 ? Math.min(FIRST_LOCK_SECONDS * 2 ** (over - 1), MAX_LOCK_SECONDS) : 0;
  const lockedUntil = lockSeconds > 0 ? new Date(now.getTime() + lockSeconds * 1000) : null;
  await db
    .insert(signInThrottles)
    .values({ accountKey: key, failures, windowStartedAt, lockedUntil })
    .onConflictDoUpdate({ target: signInThrottles.accountKey, set: { failures, windowStartedAt, lockedUntil } });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, key));
}
