import type { DataChange } from "./schema";

/** Fields that are internal to storage and never shown in an audit trail (001 §3). */
export const INTERNAL_FIELDS = ["_id", "context", "contextId", "AuditInfo", "Source"] as const;

/** Request and response fields never written to the audit trail in clear. */
const SECRET_KEY = /pass(word)?|secret|token|securitycode|code_verifier|authorization|cookie/i;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface ChangePair {
  before: unknown;
  after: unknown;
}

/** Removes the internal fields from the top level of a record. */
export function stripInternal(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!(INTERNAL_FIELDS as readonly string[]).includes(key)) copy[key] = field;
  }
  return copy;
}

/**
 * The dataChanges of an audit entry: each pair as before/after JSON strings, internal fields stripped,
 * pairs that are identical after stripping skipped. A created record has before null; a deleted one after null.
 */
export function computeDataChanges(pairs: readonly ChangePair[]): DataChange[] {
  const changes: DataChange[] = [];
  for (const pair of pairs) {
    const before = pair.before === undefined || pair.before === null ? null : toJsonValue(stripInternal(pair.before));
    const after = pair.after === undefined || pair.after === null ? null : toJsonValue(stripInternal(pair.after));
    if (before === null && after === null) continue;
    if (before !== null && after !== null && canonicalJson(before) === canonicalJson(after)) continue;
    changes.push({
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    });
  }
  return changes;
}

/** A JSON-safe copy: Dates become ISO strings, Buffers a size note, undefined fields are dropped. */
export function toJsonValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[binary, ${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item));
  if (typeof value === "object") {
    const out: Record<string, JsonValue> = {};
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (field !== undefined && typeof field !== "function") out[key] = toJsonValue(field);
    }
    return out;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value === "bigint") return value.toString();
  return value as JsonValue;
}

/** JSON with object keys sorted at every level, for comparing values regardless of key order. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key]!)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Replaces secret fields (passwords, tokens, codes) at any depth, so request bodies can be kept. */
export function redactSecrets(value: unknown): JsonValue {
  const json = toJsonValue(value);
  const walk = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === "object") {
      const out: Record<string, JsonValue> = {};
      for (const [key, field] of Object.entries(node)) {
        out[key] = SECRET_KEY.test(key) && field !== null ? "[redacted]" : walk(field);
      }
      return out;
    }
    return node;
  };
  return walk(json);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);
}
