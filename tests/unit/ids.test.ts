import { newId, OBJECT_ID } from "@server/db/ids";
import { describe, expect, it } from "vitest";

describe("object ids", () => {
  it("are 24 hex digits, unique, and start with the creation second", () => {
    const at = new Date("2026-11-21T00:00:00Z");
    const ids = Array.from({ length: 2000 }, () => newId(at));
    expect(ids.every((id) => OBJECT_ID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(parseInt(ids[0]!.slice(0, 8), 16)).toBe(at.getTime() / 1000);
  });

  it("sort by creation time across seconds", () => {
    const earlier = newId(new Date("2026-01-01T00:00:00Z"));
    const later = newId(new Date("2026-01-01T00:00:01Z"));
    expect(earlier < later).toBe(true);
  });
});
