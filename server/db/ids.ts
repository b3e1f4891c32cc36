import { randomBytes } from "node:crypto";

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5);

/**
 * A 24-hex-digit object id: 4 bytes of seconds, 5 random bytes fixed per process, a 3-byte counter.
 * Ids sort roughly by creation time, like the object ids the spec's readable-id sentence expects (000 §3.10).
 */
export function newId(now: Date = new Date()): string {
  const buffer = Buffer.alloc(12);
  buffer.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processPart.copy(buffer, 4);
  counter = (counter + 1) % 0x1000000;
  buffer.writeUIntBE(counter, 9, 3);
  return buffer.toString("hex");
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;
