import zlib from "node:zlib";

/**
 * A small PNG avatar (a filled circle on a light background), drawn here so the demo needs no binary files.
 * PNG layout: signature, IHDR, one IDAT (zlib of filtered RGB rows), IEND; each chunk CRC-32 checked.
 */
export function demoAvatarPng(size = 64, rgb: readonly [number, number, number] = [37, 99, 235]): Buffer {
  const rows: Buffer[] = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 <= (r - 1) ** 2;
      const [cr, cg, cb] = inside ? rgb : [241, 245, 249];
      row[1 + x * 3] = cr;
      row[2 + x * 3] = cg;
      row[3 + x * 3] = cb;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
