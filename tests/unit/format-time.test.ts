import { format } from "date-fns";
import { afterEach, describe, expect, it } from "vitest";
import { formatTimestamp, TIMESTAMP_PATTERNS, toInstant, type TimestampFormat } from "~/lib/format-time";

/** date-fns' own `format` in UTC: the reference the direct path is held to. */
class Utc extends Date {
  override getFullYear() {
    return this.getUTCFullYear();
  }
  override getMonth() {
    return this.getUTCMonth();
  }
  override getDate() {
    return this.getUTCDate();
  }
  override getDay() {
    return this.getUTCDay();
  }
  override getHours() {
    return this.getUTCHours();
  }
  override getMinutes() {
    return this.getUTCMinutes();
  }
  override getSeconds() {
    return this.getUTCSeconds();
  }
  override getTimezoneOffset() {
    return 0;
  }
}
const reference = (instant: Date, pattern: string) =>
  format(instant, pattern, { in: (date) => new Utc(new Date(date).getTime()) });

/** A small seeded generator (mulberry32), so a failure names an instant that can be made again. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

describe("formatTimestamp against date-fns (its direct path for the years 1000-9999; ADR 0058, 0061)", () => {
  it("writes what date-fns' format writes, in every format, on thousands of instants and the years' edges", () => {
    const next = generator(7);
    const instants = [
      "2026-03-08T07:05:09.250Z",
      "2026-12-31T23:59:59.999Z",
      "2000-02-29T00:00:00.000Z",
      "1000-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.000Z",
      "0999-12-31T23:59:59.000Z",
      "+010000-01-01T00:00:00.000Z",
      "-000001-06-15T12:00:00.000Z",
    ].map((text) => new Date(text));
    // Instants about 17,000 years either side of 1970: most in 1000-9999, some outside.
    for (let i = 0; i < 3000; i++) instants.push(new Date(Math.floor(next() * 2 ** 40) - 2 ** 39));
    for (const instant of instants) {
      for (const kind of ["datetime", "date", "time"] as TimestampFormat[]) {
        const expected = reference(instant, TIMESTAMP_PATTERNS[kind]);
        expect(formatTimestamp(instant, kind, { utcSuffix: false }), `${instant.toISOString()} ${kind}`).toBe(expected);
        expect(formatTimestamp(instant, kind)).toBe(`${expected} UTC`);
      }
    }
  });

  it("does not depend on the process time zone", () => {
    process.env.TZ = "Pacific/Chatham";
    const instant = new Date("2026-04-05T02:45:00.000Z");
    expect(formatTimestamp(instant)).toBe(reference(instant, TIMESTAMP_PATTERNS.datetime) + " UTC");
    expect(formatTimestamp(instant)).toBe("Apr 05, 2026 02:45:00 UTC");
  });
});
