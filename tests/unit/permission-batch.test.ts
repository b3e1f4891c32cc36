import { describe, expect, it } from "vitest";
import type { ApiClient } from "~/lib/api/client.server";
import { permissionBatch, permissionCallsOf } from "~/lib/permissions.server";

/** A fake of the API client's permission call: allows addresses ending in "/get", records each batch. */
function fakeApi(options: { fail?: boolean } = {}) {
  const batches: string[][] = [];
  const api = {
    permissions: {
      check: async (urls: readonly string[]) => {
        batches.push([...urls]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (options.fail)
          return { ok: false as const, status: 0, error: { code: "TypeError", detail: "fetch failed" } };
        return {
          ok: true as const,
          status: 200,
          data: {
            permissionCheckResults: urls.map((url) => ({
              request: { url },
              result: url.endsWith("/get") ? "Allow" : "Deny",
            })),
          },
        };
      },
    },
  } as unknown as ApiClient;
  return { api, batches };
}

const newContext = () => ({ memo: new Map<string, unknown>() });

describe("one permission batch per request", () => {
  it("sends the questions of loaders that ask side by side as one call", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    const loader = async (addresses: string[]) => {
      await Promise.resolve(); // loaders await their sign-in check first
      return permissionBatch(context, api).check(addresses);
    };
    const [a, b, c] = await Promise.all([
      loader(["api/a/get", "api/b/set"]),
      loader(["api/b/set", "api/c/get"]),
      loader(["api/a/get"]),
    ]);
    expect(batches).toEqual([["api/a/get", "api/b/set", "api/c/get"]]);
    expect(permissionCallsOf(context)).toBe(1);
    expect([...a]).toEqual([
      ["api/a/get", true],
      ["api/b/set", false],
    ]);
    expect([...b]).toEqual([
      ["api/b/set", false],
      ["api/c/get", true],
    ]);
    expect(c.get("api/a/get")).toBe(true);
  });

  it("answers questions already answered without another call", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    await permissionBatch(context, api).check(["api/a/get"]);
    expect((await permissionBatch(context, api).check(["api/a/get"])).get("api/a/get")).toBe(true);
    expect(batches).toHaveLength(1);
  });

  it("asks again for new questions after a batch was sent", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    await permissionBatch(context, api).check(["api/a/get"]);
    await permissionBatch(context, api).check(["api/a/get", "api/b/get"]);
    expect(batches).toEqual([["api/a/get"], ["api/b/get"]]);
  });

  it("rejects every waiter when the API cannot be asked, never allowing anything", async () => {
    const context = newContext();
    const { api } = fakeApi({ fail: true });
    await expect(permissionBatch(context, api).check(["api/a/get"])).rejects.toThrow(/permission check failed/);
  });

  it("waits for the answers another call brings (the shell call), and asks only about the rest", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    let arrive!: (map: Map<string, boolean>) => void;
    const batch = permissionBatch(context, api);
    batch.learn(new Promise((resolve) => (arrive = resolve)));
    const asked = batch.check(["api/a/get", "api/b/set", "api/new/get"]);
    setTimeout(
      () =>
        arrive(
          new Map([
            ["api/a/get", false],
            ["api/b/set", true],
          ]),
        ),
      10,
    );
    const answer = await asked;
    // The shell's answers are the API's: kept as they came (the fake would have said otherwise), the rest asked.
    expect([...answer]).toEqual([
      ["api/a/get", false],
      ["api/b/set", true],
      ["api/new/get", true],
    ]);
    expect(batches).toEqual([["api/new/get"]]);
    expect(await batch.check(["api/a/get"])).toEqual(new Map([["api/a/get", false]]));
    expect(permissionCallsOf(context)).toBe(1);
  });

  it("makes no call when the other call answered every question", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    const batch = permissionBatch(context, api);
    batch.learn(Promise.resolve(new Map([["api/a/get", true]])));
    expect([...(await batch.check(["api/a/get"]))]).toEqual([["api/a/get", true]]);
    expect(batches).toEqual([]);
    expect(permissionCallsOf(context)).toBe(0);
  });

  it("asks itself when the other call failed", async () => {
    const context = newContext();
    const { api, batches } = fakeApi();
    const batch = permissionBatch(context, api);
    batch.learn(Promise.reject(new Error("shell unavailable")));
    expect([...(await batch.check(["api/a/get"]))]).toEqual([["api/a/get", true]]);
    expect(batches).toEqual([["api/a/get"]]);
  });
});
