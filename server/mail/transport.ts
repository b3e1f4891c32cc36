import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../observability/logger";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export interface MailTransport {
  readonly kind: "smtp" | "file";
  send(mail: OutgoingMail & { from: string; messageId: string }): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox/*.eml
 * and its recipient and subject are logged, so a fresh machine needs no mail server.
 */
const toMessage = (mail: OutgoingMail & { from: string; messageId: string }) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? undefined,
  messageId: mail.messageId,
});

export function createMailTransport(
  options: { smtpUrl: string | undefined; outboxDir: string },
  logger: Logger,
): MailTransport {
  if (options.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transporter.sendMail(toMessage(mail));
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(mail) {
      const info = await builder.sendMail(toMessage(mail));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(
        options.outboxDir,
        `${stamp}-${mail.messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ to: mail.to, subject: mail.subject, file }, "mail written to outbox (no SMTP_URL configured)");
    },
    close: () => builder.close(),
  };
}
