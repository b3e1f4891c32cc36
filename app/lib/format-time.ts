/**
 * Timestamps (000 §9): shown in UTC whatever the time zone of the server or the browser, followed by " UTC" unless
 * turned off. Formats: datetime 'MMM DD, YYYY HH:mm:ss', date 'MMM DD, YYYY', time 'HH:mm:ss'. A missing or invalid
 * timestamp is shown as 'N/A' (000 §8).
 */
import { format as formatDate } from "date-fns";

export type TimestampFormat = "datetime" | "date" | "time";
export type TimestampValue = string | number | Date | null | undefined;

/** The date-fns patterns of the spec's formats. */
export const TIMESTAMP_PATTERNS: Record<TimestampFormat, string> = {
  datetime: "MMM dd, yyyy HH:mm:ss",
  date: "MMM dd, yyyy",
  time: "HH:mm:ss",
};

export const UTC_SUFFIX = " UTC";
export const MISSING_TIMESTAMP = "N/A";

/**
 * A Date that reads its calendar fields in UTC, so date-fns formats the UTC wall-clock time without depending on the
 * process time zone (and without the daylight-saving gaps that shifting a local Date would hit).
 */
class UtcView extends Date {
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
  override getMilliseconds() {
    return this.getUTCMilliseconds();
  }
  override getTimezoneOffset() {
    return 0;
  }
}

/** An ISO date-time without a zone ("2026-11-21T10:00:00") is read as UTC, as the API's timestamps are UTC. */
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** The instant of a timestamp, or null when it is missing or invalid. */
export function toInstant(value: TimestampValue): Date | null {
  if (value === null || value === undefined) return null;
  let date: Date;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (typeof value === "number") date = new Date(value);
  else if (typeof value === "string") {
    const text = value.trim();
    if (!text) return null;
    date = new Date(ISO_WITHOUT_ZONE.test(text) ? `${text.replace(" ", "T")}Z` : text);
  } else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The spec's formats written directly for the years 1000-9999 (a tenth of the date library's cost: every row of a
 * list has a timestamp or several; ADR 0058, 0061); null for any other year, which the library writes.
 */
function directText(instant: Date, format: TimestampFormat): string | null {
  const year = instant.getUTCFullYear();
  if (year < 1000 || year > 9999) return null;
  const time = `${two(instant.getUTCHours())}:${two(instant.getUTCMinutes())}:${two(instant.getUTCSeconds())}`;
  if (format === "time") return time;
  const day = `${MONTHS[instant.getUTCMonth()]} ${two(instant.getUTCDate())}, ${year}`;
  return format === "date" ? day : `${day} ${time}`;
}

/** The UTC text of a timestamp, or `missing` ('N/A' by default) when there is none. */
export function formatTimestamp(
  value: TimestampValue,
  format: TimestampFormat = "datetime",
  options: { utcSuffix?: boolean; missing?: string } = {},
): string {
  const instant = toInstant(value);
  if (!instant) return options.missing ?? MISSING_TIMESTAMP;
  const text =
    directText(instant, format) ??
    formatDate(instant, TIMESTAMP_PATTERNS[format], { in: (date) => new UtcView(new Date(date).getTime()) });
  return options.utcSuffix === false ? text : `${text}${UTC_SUFFIX}`;
}
