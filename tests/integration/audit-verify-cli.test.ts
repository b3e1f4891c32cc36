import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEmptyPostgresDatabase } from "../support/db";

/**
 * Issue 22, defect 10: `npm run audit:verify` as an operator runs it. Exit 0 intact, 1 broken, and 2 whenever it
 * could not run; it needs only the database settings (no APP_SECRET); it never changes the owner of the embedded
 * database's files, nor makes one where there is none.
 */
function verify(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ["scripts/audit-verify.mjs"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ENV_FILE: "none", NODE_ENV: "production", ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("npm run audit:verify", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rbqm-verify-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.runIf(Boolean(inject("postgresUrl")))("runs with DATABASE_URL alone, without APP_SECRET: exit 0", async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const run = verify({ DATABASE_URL: empty.url });
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(/0 entries checked in \d+ ms: chain intact/);
      expect(run.status).toBe(0);
    } finally {
      await empty.drop();
    }
  });

  it("exits 2, naming DATABASE_URL, when no database answers", async () => {
    const run = verify({ DATABASE_URL: `postgres://rbqm:pw-s3cret@127.0.0.1:${await closedPort()}/rbqm` });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^audit:verify could not run: Configuration error: DATABASE_URL no database answers/);
    expect(run.stderr).not.toContain("pw-s3cret");
  });

  it("exits 2 on a bad setting, and makes no embedded database where there is none", () => {
    expect(verify({ DATABASE_URL: "postgres://u:p@127.0.0.1:notaport/db" }).status).toBe(2);
    const none = path.join(dir, "none");
    const run = verify({ DATA_DIR: none });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("DATA_DIR has no embedded database");
    expect(fs.existsSync(none)).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)(
    "exits 2 on an embedded database another user owns, and changes the owner of none of its files",
    () => {
      const dataDir = path.join(dir, "owned");
      // The service's files, as its user left them (their content does not matter: nothing may be opened).
      fs.mkdirSync(path.join(dataDir, "pglite", "base"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
      const owner = 65534; // nobody
      const chown = (at: string) => {
        fs.chownSync(at, owner, owner);
        if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) chown(path.join(at, name));
      };
      chown(dataDir);
      const run = verify({ DATA_DIR: dataDir });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`belongs to user id ${owner}`);
      const foreign: string[] = [];
      const walk = (at: string) => {
        if (fs.lstatSync(at).uid !== owner) foreign.push(at);
        if (fs.lstatSync(at).isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
      };
      walk(dataDir);
      expect(foreign).toEqual([]);
    },
  );
});
