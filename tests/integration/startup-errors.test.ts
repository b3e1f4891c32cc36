import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "@server/config/config";
import { startupFailureLine } from "@server/config/startup-errors";
import { openDatabase } from "@server/db/database";
import { createLogger } from "@server/observability/logger";
import { createApiService } from "@server/service";
import { describe, expect, inject, it } from "vitest";
import { createEmptyPostgresDatabase, dbKinds, openTestDatabase } from "../support/db";
import { findPostgresBin, startCluster } from "../support/postgres-cluster";
import { testConfig, TEST_SECRET } from "../support/service";
import { startServiceProcess, tempDataDir } from "../support/service-process";

/**
 * Issue 22, defect 6: a start that fails says which setting is at fault and what to do, in one line, never with a
 * secret in it. Each error here is the real one the start meets (server/main.ts prints startupFailureLine).
 */
const OTHER_SECRET = "another-secret-0123456789-abcdefghijklmnopqrstuvw";

async function failure(config: Config, start: () => Promise<unknown>): Promise<string> {
  try {
    await start();
  } catch (error) {
    return startupFailureLine(error, config);
  }
  throw new Error("the start did not fail");
}

function expectOneLine(line: string, variable: string, secrets: string[] = []): void {
  expect(line.split("\n")).toHaveLength(1);
  expect(line).toMatch(new RegExp(`^Configuration error: ${variable} `));
  for (const secret of secrets) expect(line).not.toContain(secret);
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.each(dbKinds())("start-up errors on %s", (kind) => {
  it("names APP_SECRET when it is not the one the database was set up with", async () => {
    const database = await openTestDatabase(kind);
    try {
      const logger = createLogger("silent");
      const first = await createApiService({ config: testConfig(), logger, database, startWorkers: false });
      await first.close();
      const config = testConfig({ APP_SECRET: OTHER_SECRET });
      const line = await failure(config, () => createApiService({ config, logger, database, startWorkers: false }));
      expectOneLine(line, "APP_SECRET", [OTHER_SECRET, TEST_SECRET]);
      expect(line).toContain("is not the APP_SECRET the database was set up with");
      expect(line).not.toContain("unable to authenticate");
    } finally {
      await database.close();
    }
  });
});

describe("start-up errors of DATABASE_URL and DATA_DIR", () => {
  const pgConfig = (url: string) => loadConfig({ DATABASE_URL: url, APP_SECRET: TEST_SECRET, LOG_LEVEL: "silent" });

  it("names DATABASE_URL when no database answers at its host and port, without its password", async () => {
    const config = pgConfig(`postgres://rbqm:pw-s3cret@127.0.0.1:${await closedPort()}/rbqm`);
    const line = await failure(config, () => openDatabase(config.database));
    expectOneLine(line, "DATABASE_URL", ["pw-s3cret"]);
    expect(line).toContain("no database answers at 127.0.0.1:");
  });

  it("names DATABASE_URL when its host name is not known", async () => {
    const config = pgConfig("postgres://rbqm:pw-s3cret@no-such-host.invalid:5432/rbqm");
    const line = await failure(config, () => openDatabase(config.database));
    expectOneLine(line, "DATABASE_URL", ["pw-s3cret"]);
    expect(line).toContain('the host "no-such-host.invalid" is not known');
  });

  it.runIf(Boolean(inject("postgresUrl")))("names DATABASE_URL when its database does not exist", async () => {
    const empty = await createEmptyPostgresDatabase();
    await empty.drop();
    const config = pgConfig(empty.url);
    const line = await failure(config, () => openDatabase(config.database));
    expectOneLine(line, "DATABASE_URL");
    expect(line).toMatch(/the database "rbqm_test_[0-9a-f]+" does not exist at 127\.0\.0\.1:\d+: create it/);
  });

  it.runIf(findPostgresBin() !== null)(
    "names DATABASE_URL when the server refuses its password, in one line from the real process, without a password",
    { timeout: 120_000 },
    async () => {
      // A server that asks for passwords (scram-sha-256), as production ones do; the service is given a wrong one.
      const cluster = await startCluster(findPostgresBin()!, { password: "right-pw-0451" });
      try {
        const url = new URL(cluster.url);
        url.password = "wrong-pw-7782";
        const service = await startServiceProcess(
          { DATABASE_URL: url.href, DATA_DIR: tempDataDir() },
          { ready: "spawned" },
        );
        expect(await service.exited).toBe(1);
        const lines = service
          .output()
          .split("\n")
          .filter((line) => line.trim() !== "" && !line.startsWith("{"));
        expect(lines).toHaveLength(1);
        expectOneLine(lines[0]!, "DATABASE_URL", ["wrong-pw-7782", "right-pw-0451"]);
        expect(lines[0]).toContain('the database refused user "postgres" (wrong password, or no such user)');
        expect(service.output()).not.toContain("wrong-pw-7782");
      } finally {
        cluster.stop();
      }
    },
  );

  it("names DATA_DIR when its directories cannot be made there", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-startup-"));
    const blocker = path.join(dir, "not-a-directory");
    fs.writeFileSync(blocker, "");
    try {
      const config = loadConfig({ DATA_DIR: blocker, LOG_LEVEL: "silent" });
      const line = await failure(config, () => openDatabase(config.database));
      expectOneLine(line, "DATA_DIR");
      expect(line).toContain("set DATA_DIR to a directory");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
