/**
 * JSON text as YAML for the audit pages, the same text as `jsonToYaml` (app/lib/yaml.ts) and faster for the common
 * case (ADR 0058): a record of plain fields (`{"title":"Visit 1","isCritical":true}`, what almost every data change
 * is) is written line by line here, without the YAML library's document model; anything else goes to the library.
 * "Plain" is kept narrow on purpose: a key or text value that the library could quote, fold or read back as
 * something else (a number, true, null, a comment, a block indicator…) takes the library's path.
 */
import type { YamlResult } from "~/lib/yaml";
import { jsonToYaml } from "~/lib/yaml";

/** A key or text the library writes as it is: letters first, then letters, digits and a few signs; no ": " or " #". */
const PLAIN = /^[A-Za-z][A-Za-z0-9 _.,;()/'-]*$/;
/** Words a YAML reader could take for a boolean or null (1.1 and 1.2), whatever the schema: the library's path. */
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n)$/i;
const MAX_PLAIN = 200;

const plainText = (text: string) =>
  text.length <= MAX_PLAIN && PLAIN.test(text) && !text.endsWith(" ") && !RESERVED.test(text);

/** One field's value as the library writes it, or null when only the library can say. */
function scalar(value: unknown): string | null {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "number") return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : null;
  if (typeof value === "string") return plainText(value) ? value : null;
  return null;
}

/** A record of plain fields as YAML lines, or null when it is anything else (empty, nested, a list, a scalar). */
export function flatRecordYaml(value: unknown): string | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const lines: string[] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !plainText(key)) return null;
    const text = scalar((value as Record<string, unknown>)[key]);
    if (text === null) return null;
    lines.push(`${key}: ${text}`);
  }
  return lines.length === 0 ? null : lines.join("\n");
}

/** `jsonToYaml`, with flat records written here (the same text). */
export function auditJsonToYaml(json: string | null | undefined): YamlResult {
  if (json === null || json === undefined) return jsonToYaml(json);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return jsonToYaml(json);
  }
  const text = flatRecordYaml(value);
  return text === null ? jsonToYaml(json) : { kind: "yaml", text };
}
