import fs from "node:fs";
import path from "node:path";
import { startTestSmtp } from "../../support/smtp";
import type { Peer, PeerOptions } from "./index";

/** An SMTP server on 127.0.0.1 that writes each message it receives to mailDir as <time>-<n>.eml. */
export async function startMailboxPeer(options: PeerOptions): Promise<Peer> {
  fs.rmSync(options.mailDir, { recursive: true, force: true });
  fs.mkdirSync(options.mailDir, { recursive: true });
  const smtp = await startTestSmtp();
  let written = 0;
  const timer = setInterval(() => {
    while (written < smtp.received.length) {
      const mail = smtp.received[written]!;
      written += 1;
      const file = path.join(options.mailDir, `${Date.now()}-${String(written).padStart(4, "0")}.eml`);
      fs.writeFileSync(`${file}.tmp`, `X-Envelope-To: ${mail.to.join(", ")}\r\n${mail.raw}`);
      fs.renameSync(`${file}.tmp`, file);
    }
  }, 20);
  return {
    env: { SMTP_URL: smtp.url },
    async close() {
      clearInterval(timer);
      await smtp.close();
    },
  };
}
