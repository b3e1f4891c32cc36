import path from "node:path";
import { z } from "zod";
import { parseOAuthClients, type OAuthClient } from "./oauth-clients";

/**
 * Configuration comes from environment variables only, validated once at start.
 * A bad value stops the start with one line naming the variable (see server/main.ts).
 * Every variable is listed, with its default, in .env.example and the README.
 */

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .refine((v) => isHttpUrl(v), { message: "must be an absolute http(s) URL" })
    .optional(),
);

const booleanFlag = (defaultValue: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0", "yes", "no"], { message: 'must be one of "true" or "false"' })
      .optional()
      .transform((v) => (v === undefined ? defaultValue : ["true", "1", "yes"].includes(v))),
  );

const integer = (defaultValue: number, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d+$/, { message: `must be an integer between ${min} and ${max}` })
      .optional()
      .transform((v) => (v === undefined ? defaultValue : Number(v)))
      .refine((v) => v >= min && v <= max, { message: `must be an integer between ${min} and ${max}` }),
  );

function parsesAsUrl(value: string): boolean {
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["production", "development", "test"]).default("production")),
  PORT: integer(3000, 1, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  ROLE: z.preprocess(
    emptyToUndefined,
    z.enum(["all", "web", "api"], { message: 'must be "all", "web" or "api"' }).optional(),
  ),
  PUBLIC_URL: optionalUrl,
  API_URL: optionalUrl,
  PUBLIC_API_URL: z.preprocess(emptyToUndefined, z.string().default("/")),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), { message: "must be a postgres:// or postgresql:// URL" })
      .refine((v) => parsesAsUrl(v), {
        message:
          "is not a valid URL: check its host and port, and percent-encode special characters in the user name and password",
      })
      .optional(),
  ),
  DATABASE_POOL_MAX: integer(10, 1, 500),
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: "must be at least 32 characters long" }).optional(),
  ),
  /** Lifetime of access tokens; shorter in tests that prove the silent refresh. */
  ACCESS_TOKEN_TTL_SECONDS: integer(900, 10, 3600),
  SEED_DEMO_DATA: z.preprocess(
    emptyToUndefined,
    z.enum(["true", "false"], { message: 'must be "true" or "false"' }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("RBQM Studio <no-reply@rbqm.example>")),
  // Settings served by GET /api/v2/settings (000 §3.1).
  PRODUCT_NAME: z.preprocess(emptyToUndefined, z.string().default("RBQM Studio")),
  PRODUCT_NAME_HTML_TITLE: z.preprocess(emptyToUndefined, z.string().optional()),
  SYSTEM_DISPLAY_VERSION: z.preprocess(emptyToUndefined, z.string().optional()),
  SOURCE_COMMIT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{6,64}$/i, { message: "must be a hexadecimal commit id" })
      .optional(),
  ),
  PRODUCT_WEBSITE_URL: optionalUrl,
  LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().default("RBQM Studio Ltd.")),
  KRI_WIKI_URL: optionalUrl,
  CONTACT_US_URL: optionalUrl,
  HELP_URL: optionalUrl,
  SUPPORT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ message: "must be an e-mail address" }).default("support@rbqm.example"),
  ),
  PRIVACY_POLICY_URL: optionalUrl,
  LICENSE_AGREEMENT_URL: optionalUrl,
  COPYRIGHT_START_YEAR: integer(2026, 1970, 9999),
  ENVIRONMENT_LOGO_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  STUDY_DESIGNER_URL: optionalUrl,
  LEGACY_BASE_URL: optionalUrl,
  SHOW_AUDIT_CONTEXT_FIELD: booleanFlag(false),
  // SAML service provider key pair: when set, AuthnRequests are signed and the metadata publishes the certificate.
  SAML_SP_PRIVATE_KEY_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  SAML_SP_CERT_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  // The demo company Northwind Clinical's SAML identity provider (server/seed/demo.ts); placeholders when unset.
  DEMO_SAML_ENTRY_POINT: optionalUrl,
  DEMO_SAML_IDP_ISSUER: z.preprocess(emptyToUndefined, z.string().optional()),
  DEMO_SAML_IDP_CERT_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  OAUTH_CLIENTS: z.preprocess(emptyToUndefined, z.string().optional()),
  // Web requests (docs/decisions/0022-web-request-guards.md).
  TRUST_PROXY: booleanFlag(false),
  ALLOWED_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => v.split(",").every((h) => /^(\*|\[[0-9a-f:.]+\]|[a-z0-9.-]+)$/i.test(h.trim())), {
        message: "must be host names separated by commas (or *)",
      })
      .optional(),
  ),
  WEB_FORM_MAX_BYTES: integer(1024 * 1024, 1024, 100 * 1024 * 1024),
  // Protocol Analysis (issue 15; docs/decisions/0028-files-jobs-and-analysis-workers.md).
  UPLOAD_MAX_BYTES: integer(50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  // Uploads that no request uses are removed after this long by the files sweeper (ADR 0035).
  UPLOAD_RETENTION_HOURS: integer(24, 1, 8760),
  FILE_STORAGE: z.preprocess(
    emptyToUndefined,
    z.enum(["local", "database"], { message: 'must be "local" or "database"' }).optional(),
  ),
  ANALYZER: z.preprocess(
    emptyToUndefined,
    z.enum(["offline", "openai"], { message: 'must be "offline" or "openai"' }).default("offline"),
  ),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  LLM_MODEL: z.preprocess(emptyToUndefined, z.string().optional()),
  ANALYSIS_WORKERS: integer(1, 1, 64),
  ANALYSIS_RETRY_LIMIT: integer(2, 0, 20),
  ANALYSIS_RETRY_DELAY_SECONDS: integer(10, 1, 3600),
  ANALYSIS_TIMEOUT_SECONDS: integer(900, 5, 86400),
  PROTOCOL_COMPLEXITY_TOOL_URL: optionalUrl,
  ANALYSIS_HOLD_URL: optionalUrl,
});

export type Role = "all" | "web" | "api";

export interface Config {
  env: "production" | "development" | "test";
  port: number;
  host: string | undefined;
  role: Role;
  publicUrl: string;
  /** Where the web role reaches the API; undefined means in-process. */
  apiUrl: string | undefined;
  dataDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; poolMax: number };
  /** Undefined only with PGlite: the secret is then generated and kept in DATA_DIR. */
  appSecret: string | undefined;
  seedDemoData: boolean;
  accessTokenTtlSeconds: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  product: ProductSettings;
  /** PEM files of the SAML service provider's signing key pair (both or neither). */
  saml: { spPrivateKeyFile?: string; spCertFile?: string };
  /** Read by the demo seed only: the IdP the demo SAML company signs in with. */
  demoSaml: { entryPoint?: string; idpIssuer?: string; idpCertFile?: string };
  /** Client applications of the authorization server (/ng/oidc/login); none by default. */
  oauthClients: OAuthClient[];
  web: {
    /** Read the client's address from X-Forwarded-Host/-Proto (only behind a proxy that sets them). */
    trustProxy: boolean;
    /** Host names (lower case, no port) the web app answers to; "*" answers to any. */
    allowedHosts: string[];
    /** The largest web form body accepted; larger posts answer 413. */
    formMaxBytes: number;
  };
  /** Uploaded files (server/files): the largest upload, and where the bytes live. */
  files: {
    maxBytes: number;
    storage: "local" | "database";
    localDir: string;
    /** Uploads that no request uses are removed after this many hours (server/files/sweeper.ts). */
    unusedRetentionHours: number;
  };
  /** The Protocol Analysis Tool's pipeline (server/protocol-analysis, server/jobs). */
  protocolAnalysis: {
    analyzer: "offline" | "openai";
    llm?: { baseUrl: string; apiKey?: string; model: string };
    workers: number;
    retryLimit: number;
    retryDelaySeconds: number;
    timeoutSeconds: number;
    /** STEP 1 of the landing page: the external protocol complexity tool, opened in a new tab; null hides its link. */
    complexityToolUrl: string | null;
    /**
     * For tests only (ADR 0043): an address the job asks (POST) once it is InProgress and waits for before it reads
     * the file, so that a browser test can watch a request run. Unset in every deployment.
     */
    holdUrl: string | null;
  };
}

export interface ProductSettings {
  publicApiUrl: string;
  productName: string;
  productNameHtmlTitle: string;
  systemDisplayVersion: string | undefined;
  sourceCommit: string | undefined;
  websiteUrl: string;
  legalName: string;
  kriWikiUrl: string | null;
  contactUsUrl: string;
  helpUrl: string;
  supportEmail: string;
  privacyPolicyUrl: string | null;
  licenseAgreementUrl: string | null;
  startYear: number;
  environmentLogo: string | null;
  studyDesignerUrl: string | null;
  /** Where the classic application's pages live (000 §2.4); null when this deployment has none. */
  legacyBaseUrl: string | null;
  showAuditContextField: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

/** Variables whose value is a secret as a whole: never printed, not even in part. */
const SECRET_VARIABLE = /(SECRET|PASSWORD|PASS|TOKEN|_KEY)$/;
/** The password (or token) of a URL's user information: scheme://user:PASSWORD@host. */
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i;

/**
 * How a rejected value is shown in its error line: as it is (shortened), except secrets, which are never printed
 * (a wrong APP_SECRET or LLM_API_KEY shows its length only), and the password of a URL (DATABASE_URL, SMTP_URL), which
 * is replaced by ***.
 */
export function shownValue(variable: string, raw: string | undefined): string {
  if (raw === undefined) return "";
  if (SECRET_VARIABLE.test(variable)) return ` (got ${raw.length} characters, not shown)`;
  const safe = redactUrlPassword(raw);
  return ` (got "${safe.length > 60 ? `${safe.slice(0, 57)}...` : safe}")`;
}

/** A URL with its password replaced by ***, for messages and logs. */
export function redactUrlPassword(value: string): string {
  return value.replace(URL_PASSWORD, "$1:***@");
}

type Env = z.infer<typeof envSchema>;

/** The parsed variables, or a ConfigError naming the first bad one (with its value, as `shownValue` shows it). */
function parsedOrThrow<T>(parsed: z.ZodSafeParseResult<T>, env: Record<string, string | undefined>): T {
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(variable, `${issue.message}${shownValue(variable, env[variable])}`);
  }
  return parsed.data;
}

/** The role, once the variables that must (or must not) go together are checked. */
function checkedRole(e: Env): Role {
  const role: Role = e.ROLE ?? (e.API_URL ? "web" : "all");
  if (role === "web" && !e.API_URL) throw new ConfigError("API_URL", 'is required when ROLE is "web"');
  if (role !== "web" && e.API_URL) {
    throw new ConfigError("API_URL", `must not be set when ROLE is "${role}" (the API then runs in this process)`);
  }
  if (e.DATABASE_URL && role !== "web" && !e.APP_SECRET) {
    throw new ConfigError("APP_SECRET", "is required when DATABASE_URL is set (every instance must share it)");
  }
  if (!e.SAML_SP_PRIVATE_KEY_FILE !== !e.SAML_SP_CERT_FILE) {
    throw new ConfigError(
      e.SAML_SP_CERT_FILE ? "SAML_SP_PRIVATE_KEY_FILE" : "SAML_SP_CERT_FILE",
      "must be set together with the other SAML_SP_* file",
    );
  }
  if (e.ANALYZER === "openai" && (!e.LLM_BASE_URL || !e.LLM_MODEL)) {
    throw new ConfigError(e.LLM_BASE_URL ? "LLM_MODEL" : "LLM_BASE_URL", 'is required when ANALYZER is "openai"');
  }
  return role;
}

function oauthClientsOf(e: Env): OAuthClient[] {
  try {
    return parseOAuthClients(e.OAUTH_CLIENTS);
  } catch (error) {
    throw new ConfigError("OAUTH_CLIENTS", (error as Error).message);
  }
}

function productSettings(e: Env): ProductSettings {
  return {
    publicApiUrl: e.PUBLIC_API_URL,
    productName: e.PRODUCT_NAME,
    productNameHtmlTitle: e.PRODUCT_NAME_HTML_TITLE ?? e.PRODUCT_NAME,
    systemDisplayVersion: e.SYSTEM_DISPLAY_VERSION,
    sourceCommit: e.SOURCE_COMMIT,
    websiteUrl: e.PRODUCT_WEBSITE_URL ?? "https://rbqm.example",
    legalName: e.LEGAL_NAME,
    kriWikiUrl: e.KRI_WIKI_URL ?? null,
    contactUsUrl: e.CONTACT_US_URL ?? "https://rbqm.example/contact",
    helpUrl: e.HELP_URL ?? "https://rbqm.example/help",
    supportEmail: e.SUPPORT_EMAIL,
    privacyPolicyUrl: e.PRIVACY_POLICY_URL ?? null,
    licenseAgreementUrl: e.LICENSE_AGREEMENT_URL ?? null,
    startYear: e.COPYRIGHT_START_YEAR,
    environmentLogo: e.ENVIRONMENT_LOGO_URL ?? null,
    studyDesignerUrl: e.STUDY_DESIGNER_URL ?? null,
    legacyBaseUrl: e.LEGACY_BASE_URL ?? null,
    showAuditContextField: e.SHOW_AUDIT_CONTEXT_FIELD,
  };
}

function protocolAnalysisSettings(e: Env): Config["protocolAnalysis"] {
  return {
    analyzer: e.ANALYZER,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
    workers: e.ANALYSIS_WORKERS,
    retryLimit: e.ANALYSIS_RETRY_LIMIT,
    retryDelaySeconds: e.ANALYSIS_RETRY_DELAY_SECONDS,
    timeoutSeconds: e.ANALYSIS_TIMEOUT_SECONDS,
    complexityToolUrl: e.PROTOCOL_COMPLEXITY_TOOL_URL ?? null,
    holdUrl: e.ANALYSIS_HOLD_URL ?? null,
  };
}

/** Reads and validates the configuration. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parsedOrThrow(envSchema.safeParse(env), env);
  const role = checkedRole(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const seedDemoData = e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === "true" : !e.DATABASE_URL;

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role,
    publicUrl,
    apiUrl: e.API_URL?.replace(/\/+$/, ""),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    appSecret: e.APP_SECRET,
    seedDemoData,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") },
    product: productSettings(e),
    saml: { spPrivateKeyFile: e.SAML_SP_PRIVATE_KEY_FILE, spCertFile: e.SAML_SP_CERT_FILE },
    demoSaml: {
      entryPoint: e.DEMO_SAML_ENTRY_POINT,
      idpIssuer: e.DEMO_SAML_IDP_ISSUER,
      idpCertFile: e.DEMO_SAML_IDP_CERT_FILE,
    },
    oauthClients: oauthClientsOf(e),
    web: {
      trustProxy: e.TRUST_PROXY,
      allowedHosts: allowedHosts(e.ALLOWED_HOSTS, publicUrl),
      formMaxBytes: e.WEB_FORM_MAX_BYTES,
    },
    files: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      storage: e.FILE_STORAGE ?? (e.DATABASE_URL ? "database" : "local"),
      localDir: path.join(dataDir, "files"),
      unusedRetentionHours: e.UPLOAD_RETENTION_HOURS,
    },
    protocolAnalysis: protocolAnalysisSettings(e),
  };
}

/**
 * Only the database settings (DATABASE_URL, DATABASE_POOL_MAX, DATA_DIR), validated as loadConfig does: for the
 * operator's commands (audit:verify, cdq:import), which need no APP_SECRET nor anything else of the service's.
 */
export function loadDatabaseConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<Config, "database" | "dataDir"> {
  const e = parsedOrThrow(
    envSchema.pick({ DATABASE_URL: true, DATABASE_POOL_MAX: true, DATA_DIR: true }).safeParse(env),
    env,
  );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dataDir,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
  };
}

/** ALLOWED_HOSTS, or by default PUBLIC_URL's host and the loopback names; PUBLIC_URL's host is always allowed. */
function allowedHosts(setting: string | undefined, publicUrl: string): string[] {
  const own = new URL(publicUrl).hostname.toLowerCase();
  const listed = setting ? setting.split(",").map((h) => h.trim().toLowerCase()) : ["localhost", "127.0.0.1", "[::1]"];
  return [...new Set([own, ...listed])];
}
