import fs from "node:fs";
import path from "node:path";
import { CONTENT_TYPES } from "@server/files/content";
import { fileChunks, files } from "@server/files/schema";
import { DEMO } from "@server/seed/demo";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { simpleProtocolDocx, simpleProtocolPdf } from "../support/protocol-files";
import { startTestApi, type TestApi } from "../support/service";
import { makeZip } from "../support/zip";

/** Issue 15, files (001 §7, 000 §7): streamed upload, checks by content, download, isolation. */
const upload = (api: TestApi, token: string | null, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set("File", new Blob([new Uint8Array(bytes)]), name);
  return api.call("POST", "/api/files", { token, body: form });
};

for (const kind of dbKinds()) {
  for (const storage of ["local", "database"] as const) {
    describe(`files on ${kind}, ${storage} storage`, () => {
      let api: TestApi;
      let manager: string;
      let admin: string;
      beforeAll(async () => {
        api = await startTestApi(kind, { env: { FILE_STORAGE: storage, UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) } });
        manager = await api.token(DEMO.users.manager.id);
        admin = await api.token(DEMO.users.admin.id);
      });
      afterAll(() => api.close());

      it("stores a PDF under a server-made name and answers it back with its name (RFC 6266)", async () => {
        const pdf = await simpleProtocolPdf();
        const res = await upload(api, manager, pdf, "Protokoll Übersicht.pdf");
        expect(res.status).toBe(200);
        const { value } = (await res.json()) as { value: { fileId: string; name: string } };
        expect(value.name).toBe("Protokoll Übersicht.pdf");
        const [row] = await api.database.db.select().from(files).where(eq(files.id, value.fileId));
        expect(row!.storage).toBe(storage);
        expect(row!.storageKey).toMatch(/^[0-9a-f]{32}$/);
        const download = await api.call("POST", `/api/files/get/${value.fileId}`, { token: manager });
        expect(download.status).toBe(200);
        expect(download.headers.get("content-type")).toBe("application/pdf");
        expect(download.headers.get("content-disposition")).toBe(
          `attachment; filename="Protokoll _bersicht.pdf"; filename*=UTF-8''Protokoll%20%C3%9Cbersicht.pdf`,
        );
        expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
      });

      it("accepts a DOCX by its content, whatever its name says, and keeps the name the user gave it", async () => {
        const res = await upload(api, manager, await simpleProtocolDocx(), "protocol.pdf");
        expect(res.status).toBe(200);
        const { value } = (await res.json()) as { value: { fileId: string; name: string } };
        // Issue 24, defect 6: the list shows the file under its own name; its type is the content's.
        expect(value.name).toBe("protocol.pdf");
        const download = await api.call("POST", `/api/files/get/${value.fileId}`, { token: manager });
        expect(download.headers.get("content-type")).toBe(CONTENT_TYPES.docx);
      });

      it("keeps the case of the name (novartis.PDF stays novartis.PDF)", async () => {
        const res = await upload(api, manager, await simpleProtocolPdf(), "novartis.PDF");
        const { value } = (await res.json()) as { value: { name: string } };
        expect(value.name).toBe("novartis.PDF");
      });

      const refusals: [string, () => Promise<Uint8Array>, string, number][] = [
        ["an executable renamed .pdf", async () => Buffer.from("MZ\x90\x00 this is a program"), "type", 400],
        ["a zip renamed .docx", () => makeZip([{ name: "notes.txt", data: Buffer.from("hello") }]), "type", 400],
        [
          "a zip bomb (more unpacked bytes than the cap)",
          () =>
            makeZip([
              { name: "word/document.xml", data: Buffer.from("<w:document/>") },
              { name: "word/media/zeros.bin", zeros: 201 * 1024 * 1024 },
            ]),
          "zip",
          400,
        ],
        [
          "a zip bomb (too many entries)",
          () =>
            makeZip([
              { name: "word/document.xml", data: Buffer.from("<w:document/>") },
              ...Array.from({ length: 2_001 }, (_, i) => ({ name: `e/${i}.xml`, data: Buffer.from("x") })),
            ]),
          "zip",
          400,
        ],
        ["0 bytes", async () => new Uint8Array(0), "empty", 400],
        [
          "a file over the limit",
          async () => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3 * 1024 * 1024)]),
          "tooLarge",
          413,
        ],
      ];
      for (const [what, make, reason, status] of refusals) {
        it(`refuses ${what} with a message`, async () => {
          const before = await api.database.db.select().from(files);
          const res = await upload(api, manager, await make(), "protocol.docx");
          expect(res.status).toBe(status);
          const body = (await res.json()) as { title: string; detail: string; additionalData: { reason: string } };
          expect(body.title).toBe(reason === "tooLarge" ? "PayloadTooLarge" : "FileRejected");
          expect(body.additionalData.reason).toBe(reason);
          expect(body.detail.length).toBeGreaterThan(5);
          if (reason === "type") expect(body.detail).toMatch(/\.pdf.*\.docx/);
          // Nothing is left behind: no record, no bytes.
          expect((await api.database.db.select().from(files)).length).toBe(before.length);
          if (storage === "database") {
            const keys = new Set(before.map((f) => f.storageKey));
            const chunks = await api.database.db.select({ key: fileChunks.storageKey }).from(fileChunks);
            expect(chunks.every((c) => keys.has(c.key))).toBe(true);
          }
        });
      }

      it("refuses a post without the File part", async () => {
        const form = new FormData();
        form.set("other", "x");
        const res = await api.call("POST", "/api/files", { token: manager, body: form });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { additionalData: { reason: string } }).additionalData.reason).toBe("missing");
      });

      it("never uses the client's name as a path (traversal)", async () => {
        const res = await upload(api, manager, await simpleProtocolPdf(), "../../../../etc/passwd.pdf");
        expect(res.status).toBe(200);
        const { value } = (await res.json()) as { value: { fileId: string; name: string } };
        expect(value.name).toBe("passwd.pdf");
        if (storage === "local") {
          const dir = api.config.files.localDir;
          for (const sub of fs.readdirSync(dir)) {
            expect(sub).toMatch(/^[0-9a-f]{2}$/);
            for (const f of fs.readdirSync(path.join(dir, sub))) expect(f).toMatch(/^[0-9a-f]{32}$/);
          }
        }
      });

      it("keeps an upload to its uploader, and a company's files from every other company", async () => {
        const res = await upload(api, manager, await simpleProtocolPdf(), "mine.pdf");
        const { value } = (await res.json()) as { value: { fileId: string } };
        // The administrator of the same company: the upload is not yet any study's, so only its uploader reads it.
        expect((await api.call("POST", `/api/files/get/${value.fileId}`, { token: admin })).status).toBe(404);
        // Northwind's reader holds api/files/get/* in Northwind: another company's id is not found.
        const northwind = await api.token(DEMO.users.sso.id);
        expect((await api.call("POST", `/api/files/get/${value.fileId}`, { token: northwind })).status).toBe(404);
        expect((await api.call("POST", `/api/files/get/not-an-id`, { token: manager })).status).toBe(404);
      });

      it("refuses callers without the permission, and anonymous ones", async () => {
        const noAccess = await api.token(DEMO.users.noAccess.id);
        expect((await upload(api, noAccess, await simpleProtocolPdf(), "p.pdf")).status).toBe(403);
        expect((await upload(api, null, await simpleProtocolPdf(), "p.pdf")).status).toBe(401);
      });
    });
  }
}
