import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mailOutbox } from "@server/db/schema";
import { createMailService, MAX_ATTEMPTS, retryDelaySeconds, type MailService } from "@server/mail/service";
import { createMailTransport } from "@server/mail/transport";
import { createLogger } from "@server/observability/logger";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dbKinds, openTestDatabase, type TestDatabase } from "../support/db";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

const logger = createLogger("silent");

/** A mail service delivering to the test SMTP peer. */
const smtpMail = (database: TestDatabase, smtp: TestSmtp, from = "a@b.example") =>
  createMailService({
    database,
    transport: createMailTransport({ smtpUrl: smtp.url, outboxDir: "/nonexistent" }, logger),
    from,
    logger,
  });

describe.each(dbKinds())("mail on %s", (kind) => {
  let database: TestDatabase | undefined;
  let smtp: TestSmtp | undefined;
  let mail: MailService | undefined;
  let outboxDir: string | undefined;
  afterEach(async () => {
    await mail?.stop();
    await smtp?.close();
    await database?.close();
    if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
    mail = smtp = database = outboxDir = undefined;
  });

  it("delivers a queued message over SMTP once its transaction has committed", async () => {
    database = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    mail = smtpMail(database, smtp, "RBQM Studio <no-reply@rbqm.example>");
    const id = await database.db.transaction((tx) =>
      mail!.enqueue(tx, { to: "monitor@demo-pharma.example", subject: "Your report is ready", text: "Open the link." }),
    );
    expect(await mail.dispatchDue()).toBe(1);
    const [message] = await smtp.waitFor(1);
    expect(message!.to).toEqual(["monitor@demo-pharma.example"]);
    expect(message!.from).toBe("no-reply@rbqm.example");
    expect(message!.raw).toContain("Subject: Your report is ready");
    expect(message!.raw).toContain("Open the link.");
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await mail.dispatchDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("sends nothing from a transaction that rolled back", async () => {
    database = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    mail = smtpMail(database, smtp);
    await expect(
      database.db.transaction(async (tx) => {
        await mail!.enqueue(tx, { to: "x@y.example", subject: "never", text: "never" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await mail.dispatchDue()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("keeps a message when SMTP refuses it, and delivers it on a later attempt", async () => {
    database = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    smtp.refuse(true);
    mail = smtpMail(database, smtp);
    const id = await mail.enqueue(database.db, { to: "x@y.example", subject: "retry me", text: "body" });
    expect(await mail.dispatchDue()).toBe(0);
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.lastError).toMatch(/451|busy/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent.
    smtp.refuse(false);
    expect(await mail.dispatchDue()).toBe(0);
    // Once due, it goes.
    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await mail.dispatchDue()).toBe(1);
    await smtp.waitFor(1);
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    database = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    smtp.refuse(true);
    mail = smtpMail(database, smtp);
    const id = await mail.enqueue(database.db, { to: "x@y.example", subject: "doomed", text: "body" });
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await mail.dispatchDue();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("takes over a message whose sender crashed once its lease has expired", async () => {
    database = await openTestDatabase(kind);
    smtp = await startTestSmtp();
    mail = smtpMail(database, smtp);
    const id = await mail.enqueue(database.db, { to: "x@y.example", subject: "orphan", text: "body" });
    await database.db
      .update(mailOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, id));
    expect(await mail.dispatchDue()).toBe(0);
    await database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await mail.dispatchDue()).toBe(1);
    await smtp.waitFor(1);
  });

  it("writes each message to DATA_DIR/outbox/*.eml when no SMTP is configured", async () => {
    database = await openTestDatabase(kind);
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-outbox-"));
    const lines: string[] = [];
    const capture = createLogger("info", { write: (line: string) => lines.push(line) });
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir }, capture);
    expect(transport.kind).toBe("file");
    mail = createMailService({ database, transport, from: "RBQM Studio <no-reply@rbqm.example>", logger: capture });
    await mail.enqueue(database.db, {
      to: "admin@demo-pharma.example",
      subject: "Reset your password",
      text: "Follow the link.",
    });
    expect(await mail.dispatchDue()).toBe(1);
    const files = fs.readdirSync(outboxDir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outboxDir, files[0]!), "utf8");
    expect(eml).toContain("To: admin@demo-pharma.example");
    expect(eml).toContain("Subject: Reset your password");
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg?.toString().includes("outbox"));
    expect(logged).toMatchObject({ to: "admin@demo-pharma.example", subject: "Reset your password" });
  });
});

describe("mail retry schedule", () => {
  it("backs off 10 s, 20 s, 40 s … and caps at 30 minutes", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([10, 20, 40, 80]);
    expect(retryDelaySeconds(20)).toBe(1800);
  });
});
