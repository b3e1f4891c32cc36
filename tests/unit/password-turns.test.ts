import { describe, expect, it } from "vitest";
import { concurrencyLimit, hashPassword, verifyPassword } from "../../server/users/passwords";

describe("password hashing takes turns (server/users/passwords.ts)", () => {
  it("runs at most the limit of tasks at once, all of them, in order, failures included", async () => {
    const turn = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const task = (i: number) => () => {
      started.push(i);
      running += 1;
      most = Math.max(most, running);
      return new Promise<number>((resolve, reject) =>
        releases.push(() => {
          running -= 1;
          if (i === 1) reject(new Error("task 1 failed"));
          else resolve(i);
        }),
      );
    };
    const results = [0, 1, 2, 3, 4].map((i) => turn(task(i)).catch((error: Error) => error.message));
    const settle = async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    await settle();
    expect(started).toEqual([0, 1]);
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
    expect(await Promise.all(results)).toEqual([0, "task 1 failed", 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("still hashes and verifies passwords", async () => {
    const hashed = await Promise.all(["one", "two", "three"].map((p) => hashPassword(p)));
    expect(await Promise.all(hashed.map((h, i) => verifyPassword(h, ["one", "two", "three"][i]!)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await verifyPassword(hashed[0]!, "two")).toBe(false);
  });
});
