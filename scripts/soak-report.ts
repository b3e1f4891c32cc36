/**
 * The soak's arithmetic (`npm run soak`, scripts/soak.mjs; docs/decisions/0037-soak-and-bench-measures.md): the
 * weighted choice of the next page or call, percentiles, the CPU time of a process from /proc, and the printed
 * report. Pure functions, so tests/unit/soak-report.test.ts can hold them to their numbers.
 */

export interface MixEntry {
  name: string;
  weight: number;
}

/**
 * A function that picks an entry of `mix` with probability weight / total weight, from `random()` in [0, 1).
 * Entries of weight 0 are never picked; a mix without any positive weight is refused.
 */
export function weightedPicker<T extends MixEntry>(mix: readonly T[], random: () => number = Math.random): () => T {
  const entries = mix.filter((entry) => entry.weight > 0);
  if (entries.length === 0) throw new Error("The mix has no entry of positive weight.");
  const bounds: number[] = [];
  let total = 0;
  for (const entry of entries) {
    total += entry.weight;
    bounds.push(total);
  }
  return () => {
    const at = random() * total;
    // Binary search for the first bound above `at`.
    let lo = 0;
    let hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bounds[mid]! > at) hi = mid;
      else lo = mid + 1;
    }
    return entries[lo]!;
  };
}

/** Each entry's share of the mix, in percent. */
export function mixShares(mix: readonly MixEntry[]): Map<string, number> {
  const total = mix.reduce((sum, entry) => sum + Math.max(entry.weight, 0), 0);
  return new Map(mix.map((entry) => [entry.name, total > 0 ? (Math.max(entry.weight, 0) / total) * 100 : 0]));
}

/** A think time in [min, max) milliseconds. */
export const thinkTime = (min: number, max: number, random: () => number = Math.random) => min + random() * (max - min);

/**
 * The p-th percentile (0 < p ≤ 100) of ascending `sorted` values by the nearest-rank method: the smallest value
 * such that at least p% of the values are at most it. NaN for no values.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]!;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/**
 * The CPU time a process has used, user and system, in clock ticks, from the text of /proc/<pid>/stat (proc(5):
 * utime and stime are fields 14 and 15). The command name (field 2) is in parentheses and may hold spaces and
 * parentheses itself, so the fields are counted from the last ")".
 */
export function cpuTicksFromStat(stat: string): number {
  const end = stat.lastIndexOf(")");
  if (end < 0) throw new Error("Not a /proc/<pid>/stat line.");
  // After ")" come field 3 (state), 4, …: utime (14) and stime (15) are the 12th and 13th of these.
  const fields = stat
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error("No utime/stime in the stat line.");
  return utime + stime;
}

/** The resident set size in bytes from the text of /proc/<pid>/status (its VmRSS line, in kB); NaN if absent. */
export function rssBytesFromStatus(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * One request of the soak. `status` 0 is a failure without an answer (refused, reset, timed out); -1 an answer the
 * step could not read.
 */
export interface RequestRecord {
  page: string;
  status: number;
  ms: number;
  bytes: number;
  /** The request failed (an unexpected status or no answer). */
  error: boolean;
  /** An answer that is right but not a success: a save refused as stale because another user saved first. */
  conflict?: boolean;
}

export interface SoakReportInput {
  label: string;
  users: number;
  seconds: number;
  records: readonly RequestRecord[];
  /** The service's CPU time over the run, in milliseconds (user + system, all its threads). */
  cpuMs: number;
  /** [seconds since the start, RSS bytes], one sample every 10 s. */
  rss: readonly (readonly [number, number])[];
  /** The mix, for each page's intended share. */
  mix?: readonly MixEntry[];
  /** The service's CPU time and the requests answered once every user had signed in (the steady state). */
  steady?: { cpuMs: number; requests: number; seconds: number };
}

export interface SoakTotals {
  requests: number;
  errors: number;
  conflicts: number;
  errorsByStatus: Map<number, number>;
  errorsByPage: Map<string, number>;
  overall: LatencySummary;
  pages: Map<string, LatencySummary & { errors: number; avgBytes: number }>;
  cpuMsPerRequest: number;
  requestsPerSecond: number;
}

const increment = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

export function soakTotals(input: SoakReportInput): SoakTotals {
  const errorsByStatus = new Map<number, number>();
  const errorsByPage = new Map<string, number>();
  const byPage = new Map<string, { ms: number[]; bytes: number; errors: number }>();
  let errors = 0;
  let conflicts = 0;
  for (const record of input.records) {
    let page = byPage.get(record.page);
    if (!page) byPage.set(record.page, (page = { ms: [], bytes: 0, errors: 0 }));
    page.ms.push(record.ms);
    page.bytes += record.bytes;
    if (record.conflict) conflicts++;
    if (record.error) {
      errors++;
      page.errors++;
      increment(errorsByStatus, record.status);
      increment(errorsByPage, record.page);
    }
  }
  const pages = new Map(
    [...byPage].map(([name, page]) => [
      name,
      { ...summarize(page.ms), errors: page.errors, avgBytes: page.bytes / Math.max(page.ms.length, 1) },
    ]),
  );
  const requests = input.records.length;
  return {
    requests,
    errors,
    conflicts,
    errorsByStatus,
    errorsByPage,
    overall: summarize(input.records.map((record) => record.ms)),
    pages,
    cpuMsPerRequest: requests > 0 ? input.cpuMs / requests : Number.NaN,
    requestsPerSecond: input.seconds > 0 ? requests / input.seconds : Number.NaN,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? "-" : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padLeft = (s: string | number, n: number) => String(s).padStart(n);

/** The printed report: totals, errors, latency overall and per page, CPU per request, RSS over time. */
export function formatSoakReport(input: SoakReportInput): string {
  const t = soakTotals(input);
  const shares = input.mix ? mixShares(input.mix) : new Map<string, number>();
  const lines: string[] = [];
  lines.push(`Soak, ${input.label}: ${input.users} virtual users, ${input.seconds} s`);
  lines.push(
    `- requests: ${t.requests} (${t.requestsPerSecond.toFixed(1)}/s), errors: ${t.errors}` +
      (t.conflicts > 0 ? `, stale saves (409, expected under concurrency): ${t.conflicts}` : ""),
  );
  lines.push(
    `- latency overall: p50 ${ms(t.overall.p50)} ms, p95 ${ms(t.overall.p95)} ms, p99 ${ms(t.overall.p99)} ms, max ${ms(t.overall.max)} ms`,
  );
  const busy = input.seconds > 0 ? input.cpuMs / (input.seconds * 1000) : Number.NaN;
  lines.push(
    `- service CPU: ${(input.cpuMs / 1000).toFixed(1)} s, ${ms(t.cpuMsPerRequest)} ms per request, ${(busy * 100).toFixed(0)}% of one core`,
  );
  if (input.steady && input.steady.requests > 0 && input.steady.seconds > 0) {
    const { cpuMs, requests, seconds } = input.steady;
    lines.push(
      `- after the sign-ins (the last ${seconds} s): ${requests} requests, ${ms(cpuMs / requests)} ms CPU per request, ${((cpuMs / (seconds * 1000)) * 100).toFixed(0)}% of one core`,
    );
  }
  if (t.errors > 0) {
    const byStatus = [...t.errorsByStatus]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status === 0 ? "no answer" : status === -1 ? "unreadable answer" : status}: ${n}`)
      .join(", ");
    lines.push(`- errors by status: ${byStatus}`);
    const byPage = [...t.errorsByPage]
      .sort((a, b) => b[1] - a[1])
      .map(([page, n]) => `${page}: ${n}`)
      .join(", ");
    lines.push(`- errors by page: ${byPage}`);
  }
  lines.push("");
  const width = Math.max(4, ...[...t.pages.keys()].map((name) => name.length));
  lines.push(`| ${pad("page", width)} |  share | requests | errors | p50 ms | p95 ms | p99 ms | max ms |   avg KB |`);
  lines.push(`|${"-".repeat(width + 2)}|--------|----------|--------|--------|--------|--------|--------|----------|`);
  const rows = [...t.pages].sort((a, b) => b[1].count - a[1].count);
  for (const [name, p] of rows) {
    const share = shares.has(name) ? `${shares.get(name)!.toFixed(0)}%` : "-";
    lines.push(
      `| ${pad(name, width)} | ${padLeft(share, 6)} | ${padLeft(p.count, 8)} | ${padLeft(p.errors, 6)} | ${padLeft(ms(p.p50), 6)} | ${padLeft(ms(p.p95), 6)} | ${padLeft(ms(p.p99), 6)} | ${padLeft(ms(p.max), 6)} | ${padLeft((p.avgBytes / 1024).toFixed(1), 8)} |`,
    );
  }
  lines.push("");
  lines.push(
    `RSS of the service (every 10 s): ${input.rss.map(([s, bytes]) => `${s}s ${(bytes / 1024 / 1024).toFixed(0)} MB`).join(", ") || "-"}`,
  );
  return lines.join("\n");
}
