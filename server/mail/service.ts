import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db, Database } from "../db/database";
import { newId } from "../db/ids";
import type { Logger } from "../observability/logger";
import { mailOutbox } from "./schema";
import type { MailTransport, OutgoingMail } from "./transport";

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
const BATCH = 20;

export interface MailService {
  readonly transport: MailTransport;
  /** Queues a message in the caller's transaction; it is sent once that transaction has committed. */
  enqueue(db: Db, mail: OutgoingMail): Promise<string>;
  /** Sends what is due now; returns how many were sent. Safe to call from several instances at once. */
  dispatchDue(): Promise<number>;
  /** Asks the dispatcher to run soon (after a commit that queued mail). */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** The delay before attempt n+1: 10 s, 20 s, 40 s … capped at 30 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 30 * 60);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Takes up to a batch of due messages, under a lease (not a lock held while sending). */
async function claimDue(database: Database): Promise<OutboxRow[]> {
  // A lease, not a lock held while sending: a crashed instance's messages become due again when it expires.
  return database.db.transaction(async (tx) => {
    const due = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, "sending"), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(mailOutbox.createdAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return tx
      .update(mailOutbox)
      .set({
        status: "sending",
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  });
}

/** Sends one claimed message and records the outcome: true when it was sent. */
async function deliver(
  { database, transport, from, logger }: { database: Database; transport: MailTransport; from: string; logger: Logger },
  message: OutboxRow,
): Promise<boolean> {
  try {
    await transport.send({
      from,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody,
      messageId: `<${message.id}@rbqm>`,
    });
    await database.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(eq(mailOutbox.id, message.id));
    return true;
  } catch (error) {
    const failed = message.attempts >= MAX_ATTEMPTS;
    const reason = error instanceof Error ? error.message : String(error);
    await database.db
      .update(mailOutbox)
      .set({
        status: failed ? "failed" : "pending",
        lastError: reason.slice(0, 1000),
        lockedUntil: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
      })
      .where(eq(mailOutbox.id, message.id));
    logger.warn({ mailId: message.id, attempts: message.attempts, failed, err: reason }, "mail delivery failed");
    return false;
  }
}

export function createMailService(options: {
  database: Database;
  transport: MailTransport;
  from: string;
  logger: Logger;
}): MailService {
  const { database, transport, from, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function dispatchOnce(): Promise<number> {
    const batch = await claimDue(database);
    let sent = 0;
    for (const message of batch) {
      if (await deliver({ database, transport, from, logger }, message)) sent++;
    }
    return sent;
  }

  async function dispatchDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await dispatchOnce();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const runSafely = () => {
    if (stopped) return;
    dispatchDue().catch((error) => logger.error({ err: error }, "mail dispatcher failed"));
  };

  return {
    transport,
    async enqueue(db, mail) {
      const id = newId();
      await db.insert(mailOutbox).values({
        id,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      });
      return id;
    },
    dispatchDue,
    kick: () => setImmediate(runSafely),
    start(intervalMs = 5000) {
      stopped = false;
      timer ??= setInterval(runSafely, intervalMs);
      timer.unref();
      runSafely();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
