import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, routeConsoleToLogger, runWithRequestId } from "../../server/observability/logger";

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
