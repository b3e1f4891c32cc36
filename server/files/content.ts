import yauzl from "yauzl";

/**
 * What a file is, by its content and never by its name (issue 15): a PDF by its header; a DOCX as a zip that holds
 * word/document.xml, unpacked within caps against zip bombs. Anything else is refused.
 */
export type ProtocolFormat = "pdf" | "docx";

export const CONTENT_TYPES: Record<ProtocolFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** Caps for a DOCX's zip: entries, and the bytes once unpacked (a protocol's DOCX is a few MB unpacked). */
export const ZIP_LIMITS = { maxEntries: 2_000, maxUnpackedBytes: 200 * 1024 * 1024 };

const PDF_MAGIC = Buffer.from("%PDF-");
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The format the first bytes say, or "zip" for a zip that still needs its check, or null. */
export function sniff(head: Uint8Array): ProtocolFormat | "zip" | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  // A PDF's header is within its first 1024 bytes (ISO 32000-1 §7.5.2, as readers accept it).
  const at = bytes.subarray(0, 1024).indexOf(PDF_MAGIC);
  if (at >= 0) return "pdf";
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return "zip";
  return null;
}

export type ZipVerdict = "docx" | "notDocx" | "bomb" | "broken";

/** Opens the zip, counts entries and unpacks each (checking the real sizes), and looks for word/document.xml. */
export async function checkDocx(bytes: Buffer, limits = ZIP_LIMITS): Promise<ZipVerdict> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    return "broken";
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return "bomb";
  }
  return new Promise<ZipVerdict>((resolve) => {
    let unpacked = 0;
    let hasDocument = false;
    let settled = false;
    const finish = (verdict: ZipVerdict) => {
      if (settled) return;
      settled = true;
      zip.close();
      resolve(verdict);
    };
    zip.on("error", () => finish("broken"));
    zip.on("end", () => finish(hasDocument ? "docx" : "notDocx"));
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName === "word/document.xml") hasDocument = true;
      if (entry.fileName.endsWith("/")) return zip.readEntry();
      // Declared sizes first (cheap), then the real bytes as they unpack (a zip can lie about its sizes).
      if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) return finish("bomb");
      if (entry.isEncrypted()) return finish("notDocx");
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return finish("broken");
        stream.on("data", (chunk: Buffer) => {
          unpacked += chunk.length;
          if (unpacked > limits.maxUnpackedBytes) {
            stream.destroy();
            finish("bomb");
          }
        });
        stream.on("error", () => finish("broken"));
        stream.on("end", () => {
          if (!settled) zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/**
 * A safe display name from what the client sent: the last path segment only (no directories, no traversal), no
 * control characters, at most 200 characters. Used for display and Content-Disposition, never as a path.
 */
export function cleanFileName(raw: string | null, fallback: string): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const name = cleaned === "" || cleaned === "." || cleaned === ".." ? fallback : cleaned;
  return name.length > 200 ? name.slice(name.length - 200) : name;
}

/** Content-Disposition for a download (RFC 6266): an ASCII fallback and the exact name as filename*. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
