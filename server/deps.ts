import type { TokenService } from "./auth/tokens";
import type { ReferenceCache } from "./cache/reference";
import type { Config } from "./config/config";
import type { Database } from "./db/database";
import type { MailService } from "./mail/service";
import type { Logger } from "./observability/logger";

/** What the API's handlers and services are given; built once per process by createApiService. */
export interface ServiceDeps {
  config: Config;
  database: Database;
  logger: Logger;
  tokens: TokenService;
  mail: MailService;
  /** Companies, studies and grants, keyed by the reference epoch (server/cache/reference.ts). */
  cache: ReferenceCache;
}
