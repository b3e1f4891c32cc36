import { pauseAfter } from "@server/auth/throttle";
import { describe, expect, it } from "vitest";

describe("the pause after each failure in a window", () => {
  it("sign-in: five failures answered, the fifth pauses 30 s, then doubling up to 15 minutes", () => {
    const pauses = Array.from({ length: 12 }, (_, i) => pauseAfter("signIn", i + 1));
    expect(pauses).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
    expect(pauseAfter("signIn", 10_000)).toBe(900);
  });

  it("reset links: five per window, then the rest of the window", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => pauseAfter("perWindow", n))).toEqual([0, 0, 0, 0, 900, 900]);
  });
});
