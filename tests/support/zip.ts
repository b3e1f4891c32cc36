import zlib from "node:zlib";

/** A minimal zip writer for tests: stored or deflated entries, optionally with bytes streamed from a generator. */
export interface ZipEntryInput {
  name: string;
  /** The entry's bytes; or `zeros` bytes of zero, deflated as they are made (a zip bomb without holding it). */
  data?: Uint8Array;
  zeros?: number;
}

export async function makeZip(entries: ZipEntryInput[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { compressed, crc, size } = await deflate(entry);
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

async function deflate(entry: ZipEntryInput): Promise<{ compressed: Buffer; crc: number; size: number }> {
  if (entry.data) {
    return { compressed: zlib.deflateRawSync(entry.data), crc: zlib.crc32(entry.data), size: entry.data.length };
  }
  const total = entry.zeros ?? 0;
  const chunk = Buffer.alloc(1024 * 1024);
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on("data", (b: Buffer) => out.push(b));
  const done = new Promise<void>((resolve) => deflater.on("end", resolve));
  let crc = 0;
  for (let written = 0; written < total; written += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, total - written));
    crc = zlib.crc32(part, crc);
    if (!deflater.write(part)) await new Promise((r) => deflater.once("drain", r));
  }
  deflater.end();
  await done;
  return { compressed: Buffer.concat(out), crc, size: total };
}
