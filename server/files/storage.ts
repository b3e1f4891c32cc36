import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { fileChunks } from "./schema";

/**
 * Where the bytes of files live, behind one interface (docs/decisions/0028-files-jobs-and-analysis-workers.md):
 *  - "local": files under DATA_DIR/files, for one instance (the embedded database's default);
 *  - "database": chunks in the database itself (table file_chunks), shared by every instance (PostgreSQL's default).
 * Keys are made here (random hex), never from a name a user gave: nothing a client sends becomes a path.
 */
export interface FileStorage {
  readonly kind: "local" | "database";
  /** A new, unused key. */
  newKey(): string;
  /** A writer for the key's bytes: write in order, then finish; abort removes what was written. */
  createWriter(key: string): StorageWriter;
  /** The bytes, as a stream. */
  openRead(key: string): ReadableStream<Uint8Array>;
  /** The bytes whole (files the pipeline itself reads: a protocol, at most the upload limit). */
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export interface StorageWriter {
  write(chunk: Uint8Array): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

const KEY = /^[0-9a-f]{32}$/;
const newKey = () => randomBytes(16).toString("hex");

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error("Invalid storage key.");
  return key;
}

/** Files under `dir`, written to a temporary name and renamed when complete. */
export function localStorage(dir: string): FileStorage {
  const pathOf = (key: string) => path.join(dir, checkKey(key).slice(0, 2), checkKey(key));
  return {
    kind: "local",
    newKey,
    createWriter(key) {
      const target = pathOf(key);
      const partial = `${target}.part`;
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const stream = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
      let failed: Error | null = null;
      stream.on("error", (error) => {
        failed = error;
      });
      const closed = new Promise<void>((resolve) => stream.once("close", () => resolve()));
      return {
        async write(chunk) {
          if (failed) throw failed;
          // once() removes both its listeners when either fires (one listener per wait would pile up).
          if (!stream.write(chunk)) await once(stream, "drain");
        },
        async finish() {
          await new Promise<void>((resolve, reject) =>
            stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          await closed;
          if (failed) throw failed;
          await fs.promises.rename(partial, target);
        },
        async abort() {
          stream.destroy();
          await closed;
          await fs.promises.rm(partial, { force: true });
        },
      };
    },
    openRead: (key) => Readable.toWeb(fs.createReadStream(pathOf(key))) as ReadableStream<Uint8Array>,
    read: (key) => fs.promises.readFile(pathOf(key)),
    remove: (key) => fs.promises.rm(pathOf(key), { force: true }),
  };
}

/** Chunks of this size are one row each. */
const CHUNK_BYTES = 256 * 1024;

/** Chunks in the database (table file_chunks): every instance reads what any instance wrote. */
export function databaseStorage(db: Db): FileStorage {
  return {
    kind: "database",
    newKey,
    createWriter(key) {
      checkKey(key);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insert(fileChunks).values({ storageKey: key, seq: seq++, data });
      };
      return {
        async write(chunk) {
          let offset = 0;
          while (offset < chunk.byteLength) {
            const take = Math.min(CHUNK_BYTES - pendingBytes, chunk.byteLength - offset);
            pending.push(Buffer.from(chunk.subarray(offset, offset + take)));
            pendingBytes += take;
            offset += take;
            if (pendingBytes >= CHUNK_BYTES) await flush();
          }
        },
        finish: flush,
        async abort() {
          pending = [];
          pendingBytes = 0;
          await db.delete(fileChunks).where(eq(fileChunks.storageKey, key));
        },
      };
    },
    openRead(key) {
      checkKey(key);
      let seq = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const [row] = await db
            .select({ data: fileChunks.data })
            .from(fileChunks)
            .where(eq(fileChunks.storageKey, key))
            .orderBy(asc(fileChunks.seq))
            .offset(seq)
            .limit(1);
          seq += 1;
          if (!row) controller.close();
          else controller.enqueue(new Uint8Array(row.data));
        },
      });
    },
    async read(key) {
      checkKey(key);
      const rows = await db
        .select({ data: fileChunks.data })
        .from(fileChunks)
        .where(eq(fileChunks.storageKey, key))
        .orderBy(asc(fileChunks.seq));
      return Buffer.concat(rows.map((r) => r.data));
    },
    async remove(key) {
      await db.delete(fileChunks).where(eq(fileChunks.storageKey, checkKey(key)));
    },
  };
}
