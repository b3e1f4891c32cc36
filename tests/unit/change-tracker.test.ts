import type { PGlite } from "@electric-sql/pglite";
import { changesOf, trackChanges } from "@server/db/change-tracker";
import { describe, expect, it } from "vitest";

/** A client whose calls finish when told to. */
function fakeClient() {
  const pending: Array<() => void> = [];
  const call = () => new Promise<void>((done) => pending.push(done));
  const client = { query: call, exec: call, transaction: call } as unknown as PGlite;
  return { client, finishAll: () => pending.splice(0).forEach((done) => done()) };
}

describe("the embedded database's change tracker (ADR 0068)", () => {
  it("moves when a statement starts and again when it ends, but for the statements registered as reading only", async () => {
    const { client, finishAll } = fakeClient();
    const changes = trackChanges(client);
    expect(trackChanges(client)).toBe(changes);
    expect(changesOf(client)).toBe(changes);
    changes.readOnly.add("select caller");
    const before = changes.generation;
    const read = client.query("select caller");
    expect(changes.generation).toBe(before);
    const write = client.query("update users set x = 1");
    const started = changes.generation;
    expect(started).not.toBe(before);
    // A value read while the write is under way is read at `started`: the write's end moves the generation on.
    finishAll();
    await Promise.all([read, write]);
    expect(changes.generation).not.toBe(started);
    for (const method of ["exec", "transaction"] as const) {
      const at = changes.generation;
      const running = (client[method] as (text: string) => Promise<unknown>)("select caller");
      expect(changes.generation).not.toBe(at);
      finishAll();
      await running;
    }
  });
});
