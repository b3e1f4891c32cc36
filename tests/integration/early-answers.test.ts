import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createLingeringServer } from "@server/net/early-answers";
import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/service";

/**
 * Issue 22, defect 12: an upload refused before its end (a file part not named File, a body beyond the limit, no
 * sign-in) is answered while the client is still sending. A real client that streams its body slowly must read that
 * answer, not a reset: the answer says Connection: close, and the server reads the rest within a bound.
 */
interface Outcome {
  status: number | null;
  connection: string | null;
  body: string;
  error: string | null;
}

/** POSTs `total` bytes in chunks of `chunk`, one every `everyMs`, and reports what the client saw. */
function slowPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  head: string,
  total: number,
  { chunk = 32 * 1024, everyMs = 5 } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { status: null, connection: null, body: "", error: null };
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      resolve(outcome);
    };
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers });
    request.on("response", (response) => {
      outcome.status = response.statusCode ?? null;
      outcome.connection = response.headers.connection ?? null;
      response.setEncoding("utf8");
      response.on("data", (text: string) => (outcome.body += text));
      response.on("end", done);
      response.on("error", (error) => {
        outcome.error = error.message;
        done();
      });
    });
    request.on("error", (error) => {
      outcome.error = `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}`;
      if (outcome.status === null) done();
    });
    request.write(head);
    let sent = 0;
    const timer = setInterval(() => {
      if (request.destroyed || settled) return clearInterval(timer);
      if (sent >= total) {
        clearInterval(timer);
        request.end();
        return;
      }
      request.write(Buffer.alloc(chunk, 0x61));
      sent += chunk;
    }, everyMs);
  });
}

/**
 * A client that sends its whole body (slowly) before it reads anything, as simple clients do: a raw socket. A server
 * that closes with the body still arriving resets the connection, and the answer waiting in the client's buffer is
 * lost with it; a lingering server reads the rest, so the answer is there to read at the end.
 */
function sendAllThenRead(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  { chunk = 16 * 1024, everyMs = 25 } = {},
): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    let received = "";
    let error: string | null = null;
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
      resolve({ status: status ? Number(status) : null, error });
    });
    const lines = Object.entries({ ...headers, host: `127.0.0.1:${port}`, "content-length": String(body.length) });
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`);
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || error) return clearInterval(timer);
      if (sent >= body.length) {
        clearInterval(timer);
        socket.resume(); // only now does it read the answer
        return;
      }
      socket.write(body.subarray(sent, sent + chunk));
      sent += chunk;
    }, everyMs);
  });
}

const boundary = "----early-answer";
const part = (name: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="protocol.pdf"\r\n` +
  "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n";
const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };

describe("early answers to uploads over a real connection", () => {
  let api: TestApi;
  let server: ServerType;
  let port: number;
  let token: string;
  beforeAll(async () => {
    api = await startTestApi("pglite", { env: { UPLOAD_MAX_BYTES: String(256 * 1024) } });
    token = await api.token(DEMO.users.manager.id);
    server = serve({
      fetch: (request) => api.service.fetch(request),
      port: 0,
      hostname: "127.0.0.1",
      createServer: process.env.NO_LINGER ? undefined : createLingeringServer,
    });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    (server as http.Server).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  });

  it("a file part not named File: the client reads the 4xx, not a reset", async () => {
    const outcome = await slowPost(
      port,
      "/api/files",
      { ...multipart, authorization: `Bearer ${token}`, "transfer-encoding": "chunked" },
      part("Upload"),
      1024 * 1024,
    );
    expect(outcome.status).toBe(413);
    expect(outcome.connection).toBe("close");
    expect(outcome.body).toContain("PayloadTooLarge");
    expect(outcome.error).toBeNull();
  });

  it("a file beyond UPLOAD_MAX_BYTES: the client reads the 413", async () => {
    const outcome = await slowPost(
      port,
      "/api/files",
      { ...multipart, authorization: `Bearer ${token}`, "transfer-encoding": "chunked" },
      part("File"),
      1024 * 1024,
    );
    expect(outcome.status).toBe(413);
    expect(outcome.error).toBeNull();
  });

  it("an upload without a sign-in: the client reads the 401", async () => {
    const outcome = await slowPost(
      port,
      "/api/files",
      { ...multipart, "transfer-encoding": "chunked" },
      part("File"),
      512 * 1024,
    );
    expect(outcome.status).toBe(401);
    expect(outcome.error).toBeNull();
  });

  it.each([
    ["a file part not named File", "Upload"],
    ["a file beyond UPLOAD_MAX_BYTES", "File"],
  ])("%s, sent slowly by a client that reads only at the end: it reads the 413", async (_case, field) => {
    const body = Buffer.concat([Buffer.from(part(field)), Buffer.alloc(1024 * 1024, 0x61)]);
    const outcome = await sendAllThenRead(port, "/api/files", { ...multipart, authorization: `Bearer ${token}` }, body);
    expect(outcome).toEqual({ status: 413, error: null });
  });

  it("a body read whole keeps its connection open for the next request", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/settings`);
    expect(response.status).toBe(200);
    expect(response.headers.get("connection")).not.toBe("close");
    await response.arrayBuffer();
  });
});
