/**
 * One service instance in its own process, for the kill -9 test of the analysis jobs (tests/integration/
 * analysis-restart.test.ts): the API with its workers, on the configuration the environment gives, served on PORT.
 * Prints "ready" once it listens.
 */
import { serve } from "@hono/node-server";
import { loadConfig } from "../../server/config/config";
import { createLogger } from "../../server/observability/logger";
import { createApiService } from "../../server/service";

const config = loadConfig(process.env);
const service = await createApiService({ config, logger: createLogger("warn"), startWorkers: true });
serve({ fetch: (request) => service.fetch(request), port: config.port, hostname: "127.0.0.1" }, () => {
  process.stdout.write("ready\n");
});
