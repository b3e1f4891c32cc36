import fs from "node:fs";
import path from "node:path";
import { fileChunks, files } from "@server/files/schema";
import { fileStorage } from "@server/files/service";
import { sweepFiles } from "@server/files/sweeper";
import { DEMO } from "@server/seed/demo";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { until } from "../support/llm-gate";
import { simpleProtocolPdf } from "../support/protocol-files";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 22, defect 9: bytes without a record, and uploads no request uses, are removed by the files sweeper after a
 * grace period (and UPLOAD_RETENTION_HOURS), on both storages and both databases; what is in use is never touched.
 */
const HOUR = 3600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

for (const kind of dbKinds()) {
  for (const storage of ["local", "database"] as const) {
    describe(`files sweeper on ${kind}, ${storage} storage`, () => {
      let api: TestApi;
      let manager: string;
      beforeAll(async () => {
        api = await startTestApi(kind, { env: { FILE_STORAGE: storage, UPLOAD_RETENTION_HOURS: "24" } });
        manager = await api.token(DEMO.users.manager.id);
      });
      afterAll(() => api.close());

      const upload = async (name: string) => {
        const form = new FormData();
        form.set("File", new Blob([new Uint8Array(await simpleProtocolPdf())]), name);
        const res = await api.call("POST", "/api/files", { token: manager, body: form });
        expect(res.status).toBe(200);
        return ((await res.json()) as { value: { fileId: string } }).value.fileId;
      };
      const row = async (id: string) => (await api.database.db.select().from(files).where(eq(files.id, id)))[0];
      const bytesExist = async (key: string) => {
        if (storage === "local") return fs.existsSync(path.join(api.config.files.localDir, key.slice(0, 2), key));
        const [count] = await api.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(fileChunks)
          .where(eq(fileChunks.storageKey, key));
        return Number(count!.n) > 0;
      };
      /** Bytes written as an upload writes them, whose row never came (an outage, a process that died). */
      const orphanBytes = async () => {
        const store = fileStorage(api.service.deps);
        const key = store.newKey();
        const writer = store.createWriter(key);
        await writer.write(Buffer.from("%PDF-1.7 orphan"));
        await writer.finish();
        return key;
      };

      it("removes uploads no request used after UPLOAD_RETENTION_HOURS, row and bytes, and keeps the rest", async () => {
        const unused = await upload("unused.pdf");
        const used = await upload("used.pdf");
        const usedRow = await row(used);
        await api.database.db.update(files).set({ studyId: DEMO.studies.active.id }).where(eq(files.id, used));
        const unusedKey = (await row(unused))!.storageKey;

        // Within the retention: nothing goes.
        await sweepFiles(api.service.deps, { now: later(23) });
        expect(await row(unused)).toBeDefined();

        const report = await sweepFiles(api.service.deps, { now: later(25) });
        expect(report.unusedUploads).toBeGreaterThanOrEqual(1);
        expect(await row(unused)).toBeUndefined();
        expect(await bytesExist(unusedKey)).toBe(false);
        expect(await row(used)).toBeDefined();
        expect(await bytesExist(usedRow!.storageKey)).toBe(true);
      });

      // The batch's ids are read once, then each row by its key (`anyOf`, ADR 0066): the same rows as `in (…)`.
      it("removes every unused upload of a batch in one sweep, and none that a request uses", async () => {
        const ids = [];
        for (let i = 0; i < 9; i++) ids.push(await upload(`batch-${i}.pdf`));
        const used = ids.filter((_, i) => i % 3 === 0);
        for (const id of used) {
          await api.database.db.update(files).set({ studyId: DEMO.studies.active.id }).where(eq(files.id, id));
        }
        const keys = new Map(await Promise.all(ids.map(async (id) => [id, (await row(id))!.storageKey] as const)));
        const report = await sweepFiles(api.service.deps, { now: later(25) });
        expect(report.unusedUploads).toBeGreaterThanOrEqual(ids.length - used.length);
        for (const id of ids) {
          const isUsed = used.includes(id);
          expect(await row(id), id).toEqual(isUsed ? expect.objectContaining({ id }) : undefined);
          expect(await bytesExist(keys.get(id)!)).toBe(isUsed);
        }
      });

      it("removes bytes without a row only after the grace period, never those of a recorded file", async () => {
        const kept = await upload("kept.pdf");
        await api.database.db.update(files).set({ studyId: DEMO.studies.active.id }).where(eq(files.id, kept));
        const keptKey = (await row(kept))!.storageKey;
        const orphan = await orphanBytes();

        // A sweep now: the orphan may be an upload in progress, it stays.
        const first = await sweepFiles(api.service.deps);
        expect(await bytesExist(orphan)).toBe(true);

        // A grace period later (the next sweep, with what the first one saw), it goes.
        await sweepFiles(api.service.deps, { now: later(2), chunkCandidates: first.chunkCandidates });
        expect(await bytesExist(orphan)).toBe(false);
        expect(await bytesExist(keptKey)).toBe(true);
      });

      if (storage === "local") {
        it("removes a partial file a dead upload left, after the grace period", async () => {
          // What a process killed mid-upload leaves: the partial file, under a key no row has.
          const key = fileStorage(api.service.deps).newKey();
          const part = path.join(api.config.files.localDir, key.slice(0, 2), `${key}.part`);
          fs.mkdirSync(path.dirname(part), { recursive: true });
          fs.writeFileSync(part, "half an upload");
          await sweepFiles(api.service.deps);
          expect(fs.existsSync(part)).toBe(true);
          await sweepFiles(api.service.deps, { now: later(2) });
          expect(fs.existsSync(part)).toBe(false);
        });
      }
    });
  }
}

describe("the files sweeper as a scheduled job", () => {
  it("sweeps when its job comes due", { timeout: 60_000 }, async () => {
    const api = await startTestApi("pglite", { startWorkers: true, env: { FILE_STORAGE: "local" } });
    try {
      // Bytes an upload left without a row more than a grace period ago.
      const key = fileStorage(api.service.deps).newKey();
      const orphan = path.join(api.config.files.localDir, key.slice(0, 2), key);
      fs.mkdirSync(path.dirname(orphan), { recursive: true });
      fs.writeFileSync(orphan, "%PDF-1.7 orphan");
      const old = new Date(Date.now() - 2 * HOUR);
      fs.utimesSync(orphan, old, old);
      // The hour's job, scheduled when the workers started, comes due now.
      await api.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'files-sweep' and state = 'created'`,
      );
      await until("the sweep job removes the orphan", () => !fs.existsSync(orphan));
    } finally {
      await api.close();
    }
  });

  it("is scheduled when the workers start, once however many times it is scheduled", async () => {
    const api = await startTestApi("pglite", { startWorkers: true });
    try {
      await api.service.close();
      const api2 = { db: api.database.db };
      const rows = await api2.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'files-sweep'`);
      expect(Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(1);
    } finally {
      await api.close();
    }
  });
});
