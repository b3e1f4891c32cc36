import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { createTranslator, type Messages } from "~/lib/translate";
import deven from "../../locales/deven.json";
import xx from "../../locales/xx.json";

/** Every key of a message tree, joined with ".". */
function keysOf(tree: Messages, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

/** A value for every placeholder of a text, so each interpolation is exercised. */
function valuesFor(text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let n = 0;
  for (const match of text.matchAll(/\{\{([^{}]+)\}\}/g)) values[match[1]!.trim()] = n++ % 2 ? 42 : `v<${n}>`;
  return values;
}

describe.each([
  ["deven", deven],
  ["xx", xx],
] as const)("the app's translator answers as i18next does (%s)", (locale, messages) => {
  const reference = createInstance();
  void reference.init({
    ...i18nConfig,
    supportedLngs: [...i18nConfig.supportedLngs],
    ns: [...i18nConfig.ns],
    lng: locale,
    resources: { [locale]: { translation: messages } },
    initImmediate: false,
  });
  const t = createTranslator(messages as Messages);
  const keys = keysOf(messages as Messages);

  it("for every key, with every placeholder filled", () => {
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const text = reference.t(key);
      const values = valuesFor(text);
      expect(t(key, values), key).toBe(reference.t(key, values));
    }
  });

  it("for every key with a placeholder left empty", () => {
    for (const key of keys.filter((k) => reference.t(k).includes("{{"))) {
      expect(t(key), key).toBe(reference.t(key));
    }
  });

  it("for a missing key, with and without a default value", () => {
    expect(t("no.such.key")).toBe(reference.t("no.such.key"));
    expect(t("no.such.key", { defaultValue: "Fallback {{x}}", x: 1 })).toBe(
      reference.t("no.such.key", { defaultValue: "Fallback {{x}}", x: 1 }),
    );
    expect(t("auth")).toBe("auth");
  });
});
