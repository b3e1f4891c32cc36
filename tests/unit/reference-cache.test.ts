import { createReferenceCache } from "@server/cache/reference";
import { describe, expect, it } from "vitest";

describe("the reference cache", () => {
  it("loads once per key and epoch, and again when the epoch moves on", async () => {
    const cache = createReferenceCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", 1, load)).toBe(1);
    expect(await cache.get("k", 1, load)).toBe(1);
    expect(await cache.get("k", 2, load)).toBe(2);
    expect(await cache.get("other", 2, load)).toBe(3);
  });

  it("keeps the result of a thenable that would run again on every await (a drizzle query), not the thenable", async () => {
    const cache = createReferenceCache();
    let runs = 0;
    const query = { then: (resolve: (v: number) => void) => resolve(++runs) };
    await cache.get("q", 1, () => query as unknown as Promise<number>);
    await cache.get("q", 1, () => query as unknown as Promise<number>);
    expect(await cache.get("q", 1, () => query as unknown as Promise<number>)).toBe(1);
    expect(runs).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const cache = createReferenceCache();
    await expect(cache.get("k", 1, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", 1, async () => "up")).toBe("up");
  });

  it("holds at most its size, dropping the oldest key", async () => {
    const cache = createReferenceCache(2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("a", 1, load);
    await cache.get("b", 1, load);
    await cache.get("c", 1, load);
    expect(await cache.get("b", 1, load)).toBe(2);
    expect(await cache.get("a", 1, load)).toBe(4);
  });
});
