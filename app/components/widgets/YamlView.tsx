import { stringify } from "yaml";
import { useTranslation } from "~/lib/i18n-react";

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

/** JSON data shown as YAML: 'No data', 'Malformed data: {error}' or the YAML in a <pre>. */
export function YamlView({ json, className = "" }: { json: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const result = jsonToYaml(json);
  if (result.kind === "empty")
    return <p className={`text-sm italic text-slate-600 ${className}`}>{t("widgets.yaml.noData")}</p>;
  if (result.kind === "malformed") {
    // The parser's wording differs between engines (Node on the server, the browser here): keep the server's text.
    return (
      <p className={`text-sm text-red-700 ${className}`} suppressHydrationWarning>
        {t("widgets.yaml.malformed", { error: result.error })}
      </p>
    );
  }
  return (
    <pre
      className={`overflow-x-auto whitespace-pre rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900 ${className}`}
    >
      {result.text}
    </pre>
  );
}
