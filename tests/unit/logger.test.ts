import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  createLogger,
  routeConsoleToLogger,
  runWithRequestId,
  stdoutDestination,
} from "../../server/observability/logger";

/** A log destination that keeps its lines. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe("what libraries print to the console (server/observability/logger.ts)", () => {
  it("becomes JSON log lines with the level, the formatted text and the request id; the console comes back", async () => {
    const { lines, stream } = capture();
    const before = console.warn;
    const restore = routeConsoleToLogger(createLogger("info", stream));
    try {
      runWithRequestId("req-1", () => console.warn('The URL path "%s" could not be decoded', "/ng/%"));
      console.error(new Error("boom"));
      console.log("plain", 42);
      console.debug("below the level");
    } finally {
      restore();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(console.warn).toBe(before);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: "warn",
      source: "console",
      reqId: "req-1",
      msg: 'The URL path "/ng/%" could not be decoded',
    });
    expect(lines[1]).toMatchObject({ level: "error", source: "console" });
    expect(String(lines[1]!.msg)).toContain("Error: boom");
    expect(lines[2]).toMatchObject({ level: "info", msg: "plain 42" });
  });
});

/** A stand-in for process.stdout that keeps each write as it came. */
function fakeStdout() {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { writes, stream: stream as unknown as NodeJS.WriteStream };
}

describe("the standard-output destination (server/observability/logger.ts)", () => {
  it("writes the lines of several requests in one write, and every line once", () => {
    const { writes, stream } = fakeStdout();
    // A flush interval no test waits for: the lines go out when the destination is flushed.
    const destination = stdoutDestination(stream, 3_600_000);
    const logger = createLogger("info", destination);
    for (let i = 0; i < 5; i++) logger.info({ i }, "request");
    expect(writes).toEqual([]);
    destination.flush();
    expect(writes).toHaveLength(1);
    expect(
      writes[0]!
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line).i),
    ).toEqual([0, 1, 2, 3, 4]);
  });

  it("writes an error line at once, after the lines gathered before it", () => {
    const { writes, stream } = fakeStdout();
    const logger = createLogger("info", stdoutDestination(stream, 3_600_000));
    logger.info("before");
    logger.error(new Error("boom"), "failed");
    const lines = writes
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(["before", "failed"]);
  });

  it("stops writing once the reader has gone (EPIPE) and the service goes on", () => {
    const { writes, stream } = fakeStdout();
    const destination = stdoutDestination(stream, 3_600_000);
    stream.emit("error", Object.assign(new Error("broken pipe"), { code: "EPIPE" }));
    destination.write('{"level":"info","msg":"lost"}\n');
    destination.flush();
    expect(writes).toEqual([]);
  });
});
