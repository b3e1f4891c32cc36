import { Hono } from "hono";
import { auditRoutes } from "./audit/http";
import { appendAuditEntry } from "./audit/service";
import { authorizationServerRoutes, createWellKnownRouter } from "./auth/authorization-http";
import { authRoutes } from "./auth/http";
import { oidcSsoRoutes } from "./auth/oidc-sso/http";
import { authenticate, type AuthenticationMemo } from "./auth/principal";
import { createSamlRouter, samlApiRoutes } from "./auth/saml/http";
import { createTokenService } from "./auth/tokens";
import { createReferenceCache } from "./cache/reference";
import { cdqRoutes } from "./cdq/http";
import { companyRoutes } from "./companies/http";
import { getCompany } from "./companies/service";
import type { Config } from "./config/config";
import { resolveAppSecret } from "./config/secret";
import { cpcdRoutes } from "./cpcd/http";
import { openDatabase, type Database } from "./db/database";
import type { ServiceDeps } from "./deps";
import { documentRoutes } from "./documents/http";
import { createHealthRouter } from "./health/http";
import { createApiRouter, noSuchCall, unhandledError, type ApiPorts } from "./http/api";
import { createDirectInvoke, type DirectInvoke } from "./http/in-process";
import type { RouteDefinition } from "./http/route";
import { createMailService } from "./mail/service";
import { createMailTransport, type MailTransport } from "./mail/transport";
import { notificationRoutes } from "./notifications/http";
import type { Logger } from "./observability/logger";
import { permissionRoutes } from "./permissions/http";
import { protocolAnalysisRoutes } from "./protocol-analysis/routes";
import { analysisRuntime } from "./protocol-analysis/runtime";
import { seedDemoData } from "./seed/demo";
import { settingsRoutes } from "./settings/http";
import { shellRoutes } from "./shell/http";
import { studyRoutes } from "./studies/http";
import { getStudy } from "./studies/service";
import { userRoutes } from "./users/http";

/** Every API call, by domain area. */
export const apiRoutes: readonly RouteDefinition[] = [
  ...settingsRoutes,
  ...shellRoutes,
  ...documentRoutes,
  ...permissionRoutes,
  ...companyRoutes,
  ...studyRoutes,
  ...userRoutes,
  ...notificationRoutes,
  ...authRoutes,
  ...samlApiRoutes,
  ...authorizationServerRoutes,
  ...oidcSsoRoutes,
  // issue 12, CP&CD: server/cpcd
  ...cpcdRoutes,

  // issue 13, audit trail: server/audit
  ...auditRoutes,

  // issue 14, Compliance & Data Quality: server/cdq
  ...cdqRoutes,

  // issue 15, Protocol Analysis: server/files, server/jobs, server/protocol-analysis, server/ract
  ...protocolAnalysisRoutes,
];

/**
 * What the API pipeline (server/http/api.ts) is handed, so that it knows no domain: authentication, the audit trail,
 * and the look-ups behind a route's `scope` (server/http/scope.ts).
 */
export const apiPorts: ApiPorts = {
  authenticate,
  appendAuditEntry,
  scopes: { company: getCompany, study: getStudy },
};

/** What the web app in the same process hands the API with a call: the authentications of its current request. */
export interface ApiCallHints {
  authentications?: AuthenticationMemo;
}

/** The product API as one fetch function: /api/*, /healthz and /readyz. Runs in-process or behind its own server. */
export interface ApiService {
  /** `hints` come only from the web app in the same process (docs/decisions/0021-fast-pages.md). */
  fetch(request: Request, hints?: ApiCallHints): Promise<Response>;
  /**
   * A call of the web app in the same process, without a Request or a Response (server/http/in-process.ts,
   * docs/decisions/0045-in-process-api-calls.md): the same pipeline as `fetch`.
   */
  invoke: DirectInvoke;
  readonly deps: ServiceDeps;
  /** Starts the background work (mail delivery, analysis jobs), when it was not started with the service. */
  startWorkers(): Promise<void>;
  /** Stops taking background work at once (shutdown); resolves once the jobs running here have ended. */
  drain(): Promise<void>;
  /** Closes: a job still running is handed back, the mail dispatcher stops, the database closes. */
  close(): Promise<void>;
}

export interface ApiServiceOptions {
  config: Config;
  logger: Logger;
  /** An already open database (tests); otherwise the configured one is opened and migrated. */
  database?: Database;
  mailTransport?: MailTransport;
  /** Background work (mail delivery); off in tests that drive it by hand. */
  startWorkers?: boolean;
  /** Extra routes, for tests of the routing machinery. */
  extraRoutes?: readonly RouteDefinition[];
}

export async function createApiService(options: ApiServiceOptions): Promise<ApiService> {
  const { config, logger } = options;
  const database = options.database ?? (await openDatabase(config.database, logger));
  try {
    const appSecret = resolveAppSecret(config);
    const tokens = await createTokenService(database, appSecret, config.publicUrl, config.accessTokenTtlSeconds);
    const transport = options.mailTransport ?? createMailTransport(config.mail, logger);
    const mail = createMailService({ database, transport, from: config.mail.from, logger });
    const deps: ServiceDeps = { config, database, logger, tokens, mail, cache: createReferenceCache() };

    if (config.seedDemoData && (await seedDemoData(database, { saml: config.demoSaml })))
      logger.info("demo data seeded");

    const root = new Hono();
    root.route("/", createHealthRouter(deps));
    root.route("/", createSamlRouter(deps));
    root.route("/.well-known", createWellKnownRouter(deps));
    const routes = [...apiRoutes, ...(options.extraRoutes ?? [])];
    root.route("/api", createApiRouter(deps, routes, apiPorts));
    root.notFound(() => noSuchCall());
    // What escapes a router (the API's own routes answer their failures themselves): never a bare 500 page.
    root.onError((error) => unhandledError(deps, error));

    // Issue 15: the analysis jobs' queue and worker pool (docs/decisions/0028-files-jobs-and-analysis-workers.md).
    const analysis = analysisRuntime(deps);
    let working = false;
    const startWorkers = async () => {
      if (working) return;
      working = true;
      mail.start();
      await analysis.startWorkers();
      logger.info("workers started");
    };
    if (options.startWorkers !== false) await startWorkers();
    logger.info({ mail: transport.kind, routes: apiRoutes.length }, "API ready");

    let closed = false;
    const fetch = (request: Request, hints?: ApiCallHints) => Promise.resolve(root.fetch(request, hints ?? {}));
    return {
      deps,
      fetch,
      invoke: createDirectInvoke(deps, routes, apiPorts, fetch),
      startWorkers,
      drain: () => analysis.drain(),
      async close() {
        if (closed) return;
        closed = true;
        await analysis.stop();
        await mail.stop();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => undefined);
    throw error;
  }
}
