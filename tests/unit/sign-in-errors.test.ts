import { describe, expect, it } from "vitest";
import { retryAfterSeconds, waitText } from "~/lib/sign-in-errors";
import { testT } from "../support/i18n-test";

describe("the pause of a throttled sign-in, as people say it", () => {
  it("says seconds under a minute, and whole minutes from a minute on", () => {
    const t = testT();
    expect(waitText(t, 30)).toBe("30 seconds");
    expect(waitText(t, 0.4)).toBe("1 second");
    expect(waitText(t, 60)).toBe("1 minute");
    expect(waitText(t, 61)).toBe("2 minutes");
    expect(waitText(t, 900)).toBe("15 minutes");
    expect(t("auth.tooManyAttempts", { wait: waitText(t, 30) })).toBe(
      "Too many failed attempts. Please wait 30 seconds and try again.",
    );
  });

  it("reads the pause from the answer, a minute when it is missing or bad", () => {
    expect(
      retryAfterSeconds({ code: "TooManyAttempts", detail: "", additionalData: { retryAfterSeconds: 29.2 } }),
    ).toBe(30);
    expect(retryAfterSeconds({ code: "TooManyAttempts", detail: "" })).toBe(60);
    expect(retryAfterSeconds({ code: "TooManyAttempts", detail: "", additionalData: { retryAfterSeconds: "x" } })).toBe(
      60,
    );
  });
});
