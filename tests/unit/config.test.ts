import path from "node:path";
import { ConfigError, loadConfig, shownValue } from "@server/config/config";
import { describe, expect, it } from "vitest";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("starts with no variables at all: PGlite under ./data, port 3000, demo data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.role).toBe("all");
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.resolve("data", "pglite") });
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.product.productName).toBe("RBQM Studio");
    expect(config.product.privacyPolicyUrl).toBeNull();
  });

  it("uses PostgreSQL when DATABASE_URL is set, and then seeds nothing unless asked", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db/rbqm", APP_SECRET: "x".repeat(32) });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db/rbqm", poolMax: 10 });
    expect(config.seedDemoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: "postgres://u@db/rbqm", APP_SECRET: "x".repeat(32), SEED_DEMO_DATA: "true" })
        .seedDemoData,
    ).toBe(true);
  });

  it("reads every settings variable", () => {
    const config = loadConfig({
      PRODUCT_NAME: "Trial QM",
      PRIVACY_POLICY_URL: "https://example.com/privacy",
      SHOW_AUDIT_CONTEXT_FIELD: "true",
      COPYRIGHT_START_YEAR: "2019",
      PUBLIC_URL: "https://qm.example.com/",
    });
    expect(config.product.productName).toBe("Trial QM");
    expect(config.product.productNameHtmlTitle).toBe("Trial QM");
    expect(config.product.privacyPolicyUrl).toBe("https://example.com/privacy");
    expect(config.product.showAuditContextField).toBe(true);
    expect(config.product.startYear).toBe(2019);
    expect(config.publicUrl).toBe("https://qm.example.com");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", HELP_URL: " " }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "abc" }, "PORT", 'Configuration error: PORT must be an integer between 1 and 65535 (got "abc")'],
    [{ PORT: "70000" }, "PORT", 'Configuration error: PORT must be an integer between 1 and 65535 (got "70000")'],
    [
      { DATABASE_URL: "mysql://x" },
      "DATABASE_URL",
      'Configuration error: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")',
    ],
    [
      { HELP_URL: "javascript:alert(1)" },
      "HELP_URL",
      'Configuration error: HELP_URL must be an absolute http(s) URL (got "javascript:alert(1)")',
    ],
    [
      { SUPPORT_EMAIL: "nope" },
      "SUPPORT_EMAIL",
      'Configuration error: SUPPORT_EMAIL must be an e-mail address (got "nope")',
    ],
    [
      { SHOW_AUDIT_CONTEXT_FIELD: "maybe" },
      "SHOW_AUDIT_CONTEXT_FIELD",
      'Configuration error: SHOW_AUDIT_CONTEXT_FIELD must be one of "true" or "false" (got "maybe")',
    ],
    [
      { APP_SECRET: "short" },
      "APP_SECRET",
      "Configuration error: APP_SECRET must be at least 32 characters long (got 5 characters, not shown)",
    ],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL", undefined],
    [
      { SMTP_URL: "http://mail" },
      "SMTP_URL",
      'Configuration error: SMTP_URL must be an smtp:// or smtps:// URL (got "http://mail")',
    ],
  ])("stops on a bad value, naming it: %j", (env, variable, message) => {
    const error = configError(env as Record<string, string>);
    expect(error.variable).toBe(variable);
    expect(error.message.split("\n")).toHaveLength(1);
    if (message) expect(error.message).toBe(message);
  });

  // Issue 22, defect 7: a rejected secret is never printed, whole or in part, nor a URL's password.
  it.each([
    [{ APP_SECRET: "hunter2-is-my-secret" }, "APP_SECRET", "hunter2-is-my-secret"],
    [{ DATABASE_URL: "mysql://rbqm:s3cr3t-pw@db/rbqm" }, "DATABASE_URL", "s3cr3t-pw"],
    [{ DATABASE_URL: "postgres://rbqm:s3cr3t-pw@127.0.0.1:notaport/db" }, "DATABASE_URL", "s3cr3t-pw"],
    [{ SMTP_URL: "http://mailer:s3cr3t-pw@mail.example" }, "SMTP_URL", "s3cr3t-pw"],
  ])("never prints a secret in its error: %j", (env, variable, secret) => {
    const error = configError(env as Record<string, string>);
    expect(error.variable).toBe(variable);
    expect(error.message).not.toContain(secret);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("shows every secret-named variable's value by its length only, and URLs without their password", () => {
    for (const variable of ["APP_SECRET", "LLM_API_KEY", "OIDC_CLIENT_SECRET", "SMTP_PASSWORD", "SOME_TOKEN"]) {
      expect(shownValue(variable, "abc-secret-value")).toBe(" (got 16 characters, not shown)");
    }
    expect(shownValue("SMTP_URL", "smtps://me:pa:ss@mail.example:465")).toBe(
      ' (got "smtps://me:***@mail.example:465")',
    );
    expect(shownValue("HELP_URL", "https://help.example/a@b")).toBe(' (got "https://help.example/a@b")');
  });

  it("names DATABASE_URL when it does not parse as a URL (a port that is no number)", () => {
    const error = configError({ DATABASE_URL: "postgres://u:p@127.0.0.1:notaport/db", APP_SECRET: "x".repeat(32) });
    expect(error.variable).toBe("DATABASE_URL");
    expect(error.message).toContain("is not a valid URL");
    expect(error.message).toContain("postgres://u:***@127.0.0.1:notaport/db");
  });

  it("needs APP_SECRET with DATABASE_URL, since every instance must share it", () => {
    expect(configError({ DATABASE_URL: "postgres://u@db/rbqm" }).variable).toBe("APP_SECRET");
  });

  it("derives the web role from API_URL and refuses contradictions", () => {
    expect(loadConfig({ API_URL: "http://api:3001/" }).role).toBe("web");
    expect(loadConfig({ API_URL: "http://api:3001/" }).apiUrl).toBe("http://api:3001");
    expect(configError({ ROLE: "web" }).variable).toBe("API_URL");
    expect(configError({ ROLE: "api", API_URL: "http://api:3001" }).variable).toBe("API_URL");
    expect(configError({ ROLE: "both" }).variable).toBe("ROLE");
  });
});
