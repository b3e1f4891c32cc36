import { stringify } from "yaml";

export type YamlResult = { kind: "empty" } | { kind: "malformed"; error: string } | { kind: "yaml"; text: string };

/**
 * JSON text as YAML (000 §8): empty when there is no text (or only whitespace, or the JSON literal null), malformed
 * with the parser's message when it is not JSON.
 */
export function jsonToYaml(json: string | null | undefined): YamlResult {
  if (json === null || json === undefined || json.trim() === "") return { kind: "empty" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { kind: "malformed", error: error instanceof Error ? error.message : String(error) };
  }
  if (value === null) return { kind: "empty" };
  return { kind: "yaml", text: stringify(value, { lineWidth: 0 }).replace(/\n$/, "") };
}
