import { describe, expect, it } from "vitest";
import {
  cpuTicksFromStat,
  formatSoakReport,
  mixShares,
  percentile,
  rssBytesFromStatus,
  soakTotals,
  summarize,
  thinkTime,
  weightedPicker,
  type RequestRecord,
} from "../../scripts/soak-report";

/** A deterministic "random" source: the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe("soak: the weighted mix", () => {
  const mix = [
    { name: "a", weight: 1 },
    { name: "none", weight: 0 },
    { name: "b", weight: 3 },
  ];

  it("maps [0, 1) onto the entries in proportion to their weights, never picking a weight of 0", () => {
    // total 4: [0, 1) → a, [1, 4) → b
    const pick = weightedPicker(mix, sequence(0, 0.2499, 0.25, 0.5, 0.9999));
    expect([pick(), pick(), pick(), pick(), pick()].map((entry) => entry.name)).toEqual(["a", "a", "b", "b", "b"]);
  });

  it("draws each entry about as often as its share over many picks", () => {
    let seed = 1;
    const lcg = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = weightedPicker(mix, lcg);
    const counts = new Map<string, number>();
    for (let i = 0; i < 40_000; i++) {
      const { name } = pick();
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.get("none")).toBeUndefined();
    expect(counts.get("a")! / 40_000).toBeCloseTo(0.25, 1);
    expect(counts.get("b")! / 40_000).toBeCloseTo(0.75, 1);
  });

  it("refuses a mix without a positive weight", () => {
    expect(() => weightedPicker([{ name: "x", weight: 0 }])).toThrow(/positive weight/);
  });

  it("gives each entry's share in percent, and think times within their bounds", () => {
    expect(Object.fromEntries(mixShares(mix))).toEqual({ a: 25, none: 0, b: 75 });
    expect(thinkTime(1000, 3000, () => 0)).toBe(1000);
    expect(thinkTime(1000, 3000, () => 0.5)).toBe(2000);
    expect(thinkTime(1000, 3000, () => 0.999)).toBeLessThan(3000);
  });
});

describe("soak: percentiles (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("takes the smallest value with at least p% of the values at or below it", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30], 50)).toBe(20);
    expect(percentile([10, 20, 30], 99)).toBe(30);
    expect(percentile([7], 1)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarises unsorted values", () => {
    const values = [...hundred].reverse();
    expect(summarize(values)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });
});

describe("soak: /proc readings", () => {
  it("adds utime and stime, counting fields after the command name's last parenthesis", () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3)); // fields 3, 4, … as their own numbers
    fields[14 - 3] = "1234"; // utime
    fields[15 - 3] = "567"; // stime
    const stat = `4242 (node (a) b) ${fields.join(" ")}`;
    expect(cpuTicksFromStat(stat)).toBe(1801);
    expect(() => cpuTicksFromStat("garbage")).toThrow();
  });

  it("reads VmRSS in bytes", () => {
    expect(rssBytesFromStatus("Name:\tnode\nVmPeak:\t  999 kB\nVmRSS:\t  2048 kB\n")).toBe(2048 * 1024);
    expect(rssBytesFromStatus("Name:\tnode\n")).toBeNaN();
  });
});

describe("soak: the report", () => {
  const records: RequestRecord[] = [
    ...Array.from({ length: 10 }, (_, i) => ({ page: "study", status: 200, ms: i + 1, bytes: 2048, error: false })),
    { page: "audit", status: 200, ms: 100, bytes: 1024, error: false },
    { page: "audit", status: 500, ms: 200, bytes: 10, error: true },
    { page: "save", status: 409, ms: 5, bytes: 10, error: false, conflict: true },
    { page: "study", status: 0, ms: 30_000, bytes: 0, error: true },
  ];
  const input = {
    label: "PGlite",
    users: 2,
    seconds: 7,
    records,
    cpuMs: 700,
    rss: [
      [0, 100 * 1024 * 1024],
      [10, 110 * 1024 * 1024],
    ] as const,
    mix: [
      { name: "study", weight: 3 },
      { name: "audit", weight: 1 },
    ],
  };

  it("counts requests, errors by status and by page, conflicts apart, and CPU per request", () => {
    const totals = soakTotals(input);
    expect(totals.requests).toBe(14);
    expect(totals.errors).toBe(2);
    expect(totals.conflicts).toBe(1);
    expect(Object.fromEntries(totals.errorsByStatus)).toEqual({ 0: 1, 500: 1 });
    expect(Object.fromEntries(totals.errorsByPage)).toEqual({ study: 1, audit: 1 });
    expect(totals.cpuMsPerRequest).toBe(50);
    expect(totals.requestsPerSecond).toBe(2);
    expect(totals.pages.get("study")).toMatchObject({ count: 11, errors: 1, p50: 6, max: 30_000 });
    expect(totals.pages.get("audit")).toMatchObject({ count: 2, errors: 1, p50: 100, p99: 200 });
  });

  it("names a failure without an answer and an answer that could not be read", () => {
    const failures: RequestRecord[] = [
      { page: "x", status: -1, ms: 0, bytes: 0, error: true },
      { page: "x", status: 0, ms: 1, bytes: 0, error: true },
    ];
    expect(formatSoakReport({ ...input, records: failures })).toContain(
      "errors by status: unreadable answer: 1, no answer: 1",
    );
  });

  it("prints the totals, the errors, a row per page with its share, and the RSS samples", () => {
    const text = formatSoakReport(input);
    expect(text).toContain("requests: 14 (2.0/s), errors: 2, stale saves (409, expected under concurrency): 1");
    expect(text).toContain("50.0 ms per request, 10% of one core");
    expect(text).toContain("errors by status: no answer: 1, 500: 1");
    expect(text).toMatch(/\| study +\| +75% \| +11 \| +1 \|/);
    expect(text).toMatch(/\| save +\| +- \| +1 \| +0 \|/);
    expect(text).toContain("RSS of the service (every 10 s): 0s 100 MB, 10s 110 MB");
  });

  it("prints the steady state after the sign-ins when it is given", () => {
    expect(formatSoakReport(input)).not.toContain("after the sign-ins");
    const text = formatSoakReport({ ...input, steady: { cpuMs: 300, requests: 10, seconds: 3 } });
    expect(text).toContain("after the sign-ins (the last 3 s): 10 requests, 30.0 ms CPU per request, 10% of one core");
  });
});
