import { useTranslation } from "~/lib/i18n-react";
import { jsonToYaml } from "~/lib/yaml";

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
