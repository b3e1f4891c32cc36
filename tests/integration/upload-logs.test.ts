import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import { openDatabase } from "@server/db/database";
import { createLogger, runWithRequestId } from "@server/observability/logger";
import { DEMO } from "@server/seed/demo";
import { createApiService, type ApiService } from "@server/service";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBin, startCluster, type Cluster } from "../support/postgres-cluster";
import { simpleProtocolPdf } from "../support/protocol-files";
import { testConfig } from "../support/service";

/**
 * Issue 22, defect 11: the log says what happened. A client that leaves mid-upload is not "database unavailable";
 * a large upload to local storage adds no listener per back-pressure wait; an outage is logged once per request,
 * without the statement's SQL.
 */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, logger: createLogger("info", destination) };
}

const boundary = "----upload-logs";
const head =
  `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="protocol.pdf"\r\n` +
  "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n";

describe("upload logs (local storage, PGlite)", () => {
  let service: ApiService;
  let server: ServerType;
  let port: number;
  let token: string;
  const log = capture();
  beforeAll(async () => {
    const database = await openDatabase({ kind: "pglite-memory" });
    service = await createApiService({
      config: { ...testConfig({ FILE_STORAGE: "local" }), seedDemoData: true },
      logger: log.logger,
      database,
      startWorkers: false,
    });
    token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
    server = serve({ fetch: (request) => service.fetch(request), port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    (server as http.Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
    await service.deps.database.close();
  });

  it("a client that disconnects mid-upload is logged as such, not as the database being away", async () => {
    log.lines.length = 0;
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        path: "/api/files",
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(4 * 1024 * 1024),
        },
      });
      request.on("error", () => resolve());
      request.write(head);
      request.write(Buffer.alloc(256 * 1024, 0x61), () => setTimeout(() => request.destroy(), 200));
    });
    await expect
      .poll(() => log.lines.find((l) => l.msg === "client ended the request before its body was read"))
      .toBeTruthy();
    expect(log.lines.map((l) => l.msg)).not.toContain("database unavailable");
    expect(log.lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("an upload of several MB to local storage adds no listener per back-pressure wait", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const pdf = await simpleProtocolPdf();
      const padded = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
      const form = new FormData();
      form.set("File", new Blob([new Uint8Array(padded)]), "big.pdf");
      const response = await fetch(`http://127.0.0.1:${port}/api/files`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});

describe("a local storage that refuses writes (PGlite)", () => {
  it("answers the upload 503 ServiceUnavailable with the reason storage, and logs its cause", async () => {
    const log = capture();
    const database = await openDatabase({ kind: "pglite-memory" });
    const service = await createApiService({
      config: { ...testConfig({ FILE_STORAGE: "local" }), seedDemoData: true },
      logger: log.logger,
      database,
      startWorkers: false,
    });
    try {
      const localDir = service.deps.config.files.localDir;
      // DATA_DIR/files unusable (as read-only or full storage would be): a file where its directory should be.
      fs.rmSync(localDir, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(localDir), { recursive: true });
      fs.writeFileSync(localDir, "");
      const token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
      const form = new FormData();
      form.set("File", new Blob([new Uint8Array(await simpleProtocolPdf())]), "protocol.pdf");
      const response = await service.fetch(
        new Request("http://localhost/api/files", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      const body = (await response.json()) as { title: string; additionalData?: { reason?: string } };
      expect(body.title).toBe("ServiceUnavailable");
      expect(body.additionalData?.reason).toBe("storage");
      expect(JSON.stringify(body)).not.toContain(localDir);
      const logged = log.lines.find((l) => l.msg === "file storage unavailable");
      expect(logged).toMatchObject({ level: "error", code: expect.stringMatching(/^E[A-Z]+$/) });
    } finally {
      await service.close();
      await database.close();
    }
  });
});

/** chattr is there and the file system takes the immutable attribute (ext4, xfs, btrfs; not tmpfs or overlayfs). */
function immutableWorks(): boolean {
  if (process.getuid?.() !== 0) return false;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-chattr-"));
  try {
    return spawnSync("chattr", ["+i", dir]).status === 0 && spawnSync("chattr", ["-i", dir]).status === 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(immutableWorks())("a local storage the kernel refuses to write (chattr +i: EPERM even for root)", () => {
  it("answers the upload 503 with the reason storage, and logs the system's code and path", async () => {
    const log = capture();
    const database = await openDatabase({ kind: "pglite-memory" });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-immutable-"));
    const service = await createApiService({
      config: { ...testConfig({ FILE_STORAGE: "local", DATA_DIR: dataDir }), seedDemoData: true },
      logger: log.logger,
      database,
      startWorkers: false,
    });
    // DATA_DIR/files made immutable, as a read-only mount or a permission the service's user lacks would leave it: a
    // real refusal by the kernel (root passes mode bits, so a chmod would not do), not a path blocked by a file.
    const localDir = service.deps.config.files.localDir;
    fs.mkdirSync(localDir, { recursive: true });
    expect(spawnSync("chattr", ["+i", localDir]).status).toBe(0);
    try {
      const token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.manager.id });
      const form = new FormData();
      form.set("File", new Blob([new Uint8Array(await simpleProtocolPdf())]), "protocol.pdf");
      const response = await service.fetch(
        new Request("http://localhost/api/files", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      );
      const body = (await response.json()) as { title: string; additionalData?: { reason?: string } };
      expect({ status: response.status, title: body.title, reason: body.additionalData?.reason }).toEqual({
        status: 503,
        title: "ServiceUnavailable",
        reason: "storage",
      });
      expect(JSON.stringify(body)).not.toContain(dataDir);
      const logged = log.lines.find((l) => l.msg === "file storage unavailable");
      expect(logged).toMatchObject({ level: "error", code: "EPERM", path: expect.stringContaining(localDir) });
      expect(fs.readdirSync(localDir)).toEqual([]);
    } finally {
      spawnSync("chattr", ["-i", localDir]);
      await service.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const bin = findPostgresBin();

describe.runIf(bin !== null)("outage logs", () => {
  let cluster: Cluster;
  let service: ApiService;
  let token: string;
  const log = capture();
  beforeAll(async () => {
    cluster = await startCluster(bin!);
    const database = await openDatabase({ kind: "postgres", url: cluster.url, poolMax: 4 });
    service = await createApiService({
      config: { ...testConfig(), seedDemoData: true },
      logger: log.logger,
      database,
      startWorkers: false,
    });
    token = await service.deps.tokens.issueAccessToken({ userId: DEMO.users.admin.id });
  });
  afterAll(async () => {
    await service?.close();
    await service?.deps.database.close().catch(() => undefined);
    cluster?.stop();
  });

  it("logs an outage once per request, without the SQL of the statements", async () => {
    cluster.pause();
    log.lines.length = 0;
    // One page's worth of API calls within one request, as the web app makes them in-process.
    const statuses = await runWithRequestId("page-1", async () => {
      const out: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await service.fetch(
          new Request(`http://localhost/api/companies/${DEMO.company.id}/users/get`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
          }),
        );
        out.push(response.status);
      }
      return out;
    });
    expect(statuses).toEqual([503, 503, 503, 503, 503, 503, 503]);
    const outage = log.lines.filter((l) => l.msg === "database unavailable");
    expect(outage).toHaveLength(1);
    const text = JSON.stringify(log.lines);
    expect(text).not.toMatch(/select |Failed query/i);
    cluster.resume();
  });
});
