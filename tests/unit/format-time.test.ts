import { afterEach, describe, expect, it } from "vitest";
import { formatTimestamp, toInstant } from "~/lib/format-time";

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("formatTimestamp", () => {
  const instant = "2026-03-08T07:05:09.250Z";

  it("formats datetime, date and time with the UTC suffix", () => {
    expect(formatTimestamp(instant)).toBe("Mar 08, 2026 07:05:09 UTC");
    expect(formatTimestamp(instant, "datetime")).toBe("Mar 08, 2026 07:05:09 UTC");
    expect(formatTimestamp(instant, "date")).toBe("Mar 08, 2026 UTC");
    expect(formatTimestamp(instant, "time")).toBe("07:05:09 UTC");
  });

  it("leaves the suffix out when turned off", () => {
    expect(formatTimestamp(instant, "datetime", { utcSuffix: false })).toBe("Mar 08, 2026 07:05:09");
    expect(formatTimestamp(instant, "date", { utcSuffix: false })).toBe("Mar 08, 2026");
    expect(formatTimestamp(instant, "time", { utcSuffix: false })).toBe("07:05:09");
  });

  it.each(["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "Europe/Berlin"])(
    "shows UTC whatever the time zone (%s)",
    (tz) => {
      process.env.TZ = tz;
      // 07:30 UTC on 8 March 2026 is in New York's daylight-saving gap day; 23:59:59 UTC is the next day in the east.
      expect(formatTimestamp("2026-03-08T07:30:00Z")).toBe("Mar 08, 2026 07:30:00 UTC");
      expect(formatTimestamp("2026-12-31T23:59:59+00:00")).toBe("Dec 31, 2026 23:59:59 UTC");
      expect(formatTimestamp("2027-01-01T00:30:00+01:00", "date")).toBe("Dec 31, 2026 UTC");
      expect(formatTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5), "time")).toBe("03:04:05 UTC");
    },
  );

  it("reads an ISO date-time without a zone as UTC", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(formatTimestamp("2026-11-21T10:00:00")).toBe("Nov 21, 2026 10:00:00 UTC");
    expect(formatTimestamp("2026-11-21 10:00")).toBe("Nov 21, 2026 10:00:00 UTC");
  });

  it("accepts Date objects and epoch milliseconds", () => {
    expect(formatTimestamp(new Date("2026-06-01T12:00:00Z"))).toBe("Jun 01, 2026 12:00:00 UTC");
    expect(formatTimestamp(0)).toBe("Jan 01, 1970 00:00:00 UTC");
  });

  it.each([null, undefined, "", "   ", "not a date", "2026-13-45T99:00:00Z", Number.NaN, new Date("x")])(
    "shows N/A for a missing or invalid timestamp (%j)",
    (value) => {
      expect(formatTimestamp(value)).toBe("N/A");
      expect(toInstant(value)).toBeNull();
    },
  );

  it("uses the missing text given", () => {
    expect(formatTimestamp(null, "date", { missing: "—" })).toBe("—");
  });
});
